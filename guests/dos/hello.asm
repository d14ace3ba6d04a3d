; hello.com: the printing loop. Three lines with INT 21h function 09h ('$'-terminated
; strings), a line of digits with function 02h (one character per call), a line with the
; BIOS teletype (INT 10h AH=0Eh), then exit code 0 with function 4Ch.
; Expected output (tests/e2e/run_dos.py):
;   Hello from DOS 1/3 ... 2/3 ... 3/3, "0123456789", "BIOS"; lines end in CR LF.
        org 100h

start:  mov cx, 3
        mov byte [count], '1'
.line:  mov dx, hello
        mov ah, 09h
        int 21h
        inc byte [count]
        loop .line

        mov dl, '0'
.digit: mov ah, 02h
        int 21h                 ; AL = DL on return
        inc dl
        cmp dl, '9' + 1
        jne .digit
        mov dx, crlf
        mov ah, 09h
        int 21h

        mov si, bios
.bios:  lodsb
        or al, al
        jz .done
        mov ah, 0Eh
        xor bx, bx
        int 10h
        jmp .bios

.done:  mov ax, 4C00h
        int 21h

hello:  db "Hello from DOS "
count:  db "1/3", 13, 10, '$'
crlf:   db 13, 10, '$'
bios:   db "BIOS", 13, 10, 0
