; copy.com SOURCE DEST: copies a file with handles: 3Dh open, 3Ch create, 3Fh read and 40h
; write in 512-byte pieces, 3Eh close. Any failure prints "copy: error NN" (the DOS error
; code in hex, from AX) and ends with exit code 1. Success prints nothing.
        org 100h

start:  mov si, 81h
        call word_end           ; DI = the first name, SI after it
        jc usage
        mov [src], di
        call word_end
        jc usage
        mov [dst], di

        mov dx, [src]
        mov ax, 3D00h           ; open for reading
        int 21h
        jc fail
        mov [in], ax
        mov dx, [dst]
        mov ah, 3Ch
        xor cx, cx              ; normal attributes
        int 21h
        jc fail
        mov [out], ax

.again: mov bx, [in]
        mov dx, buffer
        mov cx, 512
        mov ah, 3Fh
        int 21h
        jc fail
        or ax, ax
        jz .eof
        mov cx, ax
        mov bx, [out]
        mov ah, 40h
        int 21h
        jc fail
        jmp .again

.eof:   mov bx, [in]
        mov ah, 3Eh
        int 21h
        jc fail
        mov bx, [out]
        mov ah, 3Eh
        int 21h
        jc fail
        mov ax, 4C00h
        int 21h

usage:  mov ax, 1               ; "invalid function"
fail:   mov bl, al
        mov cl, 4
        shr al, cl
        call hex
        mov [code], al
        mov al, bl
        and al, 0Fh
        call hex
        mov [code + 1], al
        mov dx, message
        mov ah, 09h
        int 21h
        mov ax, 4C01h
        int 21h

; AL (0-15) as a hex digit.
hex:    add al, '0'
        cmp al, '9'
        jbe .ok
        add al, 'A' - '9' - 1
.ok:    ret

; Skips blanks at SI; DI = the word there, made ASCIIZ; SI after it. CF if there is none.
; The CR ending the tail becomes the last word's NUL, which also ends the next call.
word_end:
.blank: lodsb
        cmp al, ' '
        je .blank
        cmp al, 13
        je .none
        or al, al
        jz .none
        lea di, [si - 1]
.char:  lodsb
        cmp al, ' '
        je .cut
        cmp al, 13
        jne .char
        dec si
        mov byte [si], 0
        clc
        ret
.cut:   mov byte [si - 1], 0
        clc
        ret
.none:  stc
        ret

message: db "copy: error "
code:   db "00", 13, 10, '$'
src:    dw 0
dst:    dw 0
in:     dw 0
out:    dw 0
buffer: times 512 db 0
