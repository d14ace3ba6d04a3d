; vectors.com: the vector table, chaining and memory blocks. Prints one line per check:
;   DOS 5.0                 function 30h
;   hooked                  printed through the program's own INT 21h handler (25h/35h),
;                           which counts calls and chains to the old vector with a far jump
;   int21 calls seen: 0002  that print and the 25h that removed the hook
;   int60: 0003             a handler the program installed for INT 60h, called three times
;   alloc ok                4Ah shrinks the program to 64 KiB, 48h takes 100h paragraphs,
;                           4Ah grows them to 200h, 49h frees them
;   largest: 87FF           48h for FFFFh paragraphs fails (AX=0008), BX = the largest block
;   free bad: 0009          49h on a segment that is no block: invalid memory block address
;   unknown: 0001           function 77h does not exist: invalid function
; Exit code 0; anything unexpected prints "FAILED" and exits with code 3.
        org 100h

start:  mov ah, 30h
        int 21h
        cmp ax, 0005h
        jne failed
        mov dx, version
        call print

        mov ax, 3521h                   ; ES:BX = the INT 21h vector
        int 21h
        mov [old21], bx
        mov [old21 + 2], es
        mov dx, hook21
        mov ax, 2521h                   ; DS:DX = our handler
        int 21h
        mov dx, hooked
        call print
        push ds
        lds dx, [old21]
        mov ax, 2521h                   ; back to the old vector
        int 21h
        pop ds
        mov dx, seen
        call print
        mov ax, [calls]
        call print_hex
        call newline

        mov dx, handler60
        mov ax, 2560h
        int 21h
        xor bx, bx
        int 60h
        int 60h
        int 60h
        mov dx, int60
        call print
        mov ax, bx
        call print_hex
        call newline

        push cs
        pop es
        mov bx, 1000h                   ; keep 64 KiB
        mov ah, 4Ah
        int 21h
        jc failed
        mov bx, 100h
        mov ah, 48h
        int 21h
        jc failed
        mov es, ax
        mov word [es:0], 1234h
        mov bx, 200h
        mov ah, 4Ah
        int 21h
        jc failed
        cmp word [es:0], 1234h
        jne failed
        mov ah, 49h
        int 21h
        jc failed
        mov dx, alloc_ok
        call print

        mov bx, 0FFFFh
        mov ah, 48h
        int 21h
        jnc failed
        cmp ax, 8
        jne failed
        mov dx, largest
        call print
        mov ax, bx
        call print_hex
        call newline

        mov ax, 1234h
        mov es, ax
        mov ah, 49h
        int 21h
        jnc failed
        push ax
        mov dx, free_bad
        call print
        pop ax
        call print_hex
        call newline

        mov ah, 77h
        int 21h
        jnc failed
        push ax
        mov dx, unknown
        call print
        pop ax
        call print_hex
        call newline

        mov ax, 4C00h
        int 21h

failed: mov dx, failed_msg
        call print
        mov ax, 4C03h
        int 21h

; The program's INT 21h: count, then continue in DOS as if we were not here.
hook21: inc word [cs:calls]
        jmp far [cs:old21]

handler60:
        inc bx
        iret

print:  mov ah, 09h
        int 21h
        ret

newline:
        mov dx, crlf
        jmp print

; AX as four hex digits.
print_hex:
        mov cx, 4
.digit: rol ax, 1
        rol ax, 1
        rol ax, 1
        rol ax, 1
        push ax
        and al, 0Fh
        add al, '0'
        cmp al, '9'
        jbe .out
        add al, 'A' - '9' - 1
.out:   mov dl, al
        mov ah, 02h
        int 21h
        pop ax
        loop .digit
        ret

old21:  dd 0
calls:  dw 0
version: db "DOS 5.0", 13, 10, '$'
hooked: db "hooked", 13, 10, '$'
seen:   db "int21 calls seen: $"
int60:  db "int60: $"
alloc_ok: db "alloc ok", 13, 10, '$'
largest: db "largest: $"
free_bad: db "free bad: $"
unknown: db "unknown: $"
failed_msg: db "FAILED", 13, 10, '$'
crlf:   db 13, 10, '$'
