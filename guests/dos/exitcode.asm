; exitcode.com: ends with the decimal number in the command tail (0-255) through INT 21h
; function 4Ch; with an empty tail it returns with `ret` to the zero word DOS pushed, which
; leads to the INT 20h at PSP:0000 (exit code 0).
        org 100h

start:  mov si, 81h             ; the command tail, ended by CR
        xor bx, bx              ; the number
        xor cx, cx              ; digits seen
.skip:  lodsb
        cmp al, ' '
        je .skip
.digit: cmp al, '0'
        jb .end
        cmp al, '9'
        ja .end
        sub al, '0'
        mov ah, 0
        xchg ax, bx
        mov dx, 10
        mul dx
        add bx, ax
        inc cx
        lodsb
        jmp .digit
.end:   jcxz .return
        mov al, bl
        mov ah, 4Ch
        int 21h
.return:
        ret
