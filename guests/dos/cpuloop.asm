; cpuloop.exe: the CPU-bound loop, as an MZ .EXE whose header nasm writes byte by byte
; (nasm -f bin has no MZ output; the layout is the whole file, from offset 0):
;
;   header     'MZ' header, then the relocation table, padded to a paragraph
;   image      code1 (entry), code2 (a far routine), data; a 256-byte stack follows the
;              image in memory only (min-alloc), at SS = the paragraph after the image
;
; Two relocations: the data segment loaded into DS, and the segment of a far call into code2.
; The program sums (i * i) mod 65536 + round over i < 1000 and 50 rounds, mod 65536, calling
; code2's `square` far each time, and prints the sum in decimal: "sum=NNNNN" CR LF. Exit 0.
        bits 16

%define CODE1_SEG ((code1 - image) / 16)
%define CODE2_SEG ((code2 - image) / 16)
%define DATA_SEG ((data - image) / 16)
%define D(x) ((x) - data)
STACK_BYTES equ 256
ROUNDS equ 50
COUNT equ 1000

header:
        db 'MZ'
        dw (file_end - header) % 512            ; bytes in the last 512-byte page
        dw (file_end - header + 511) / 512      ; pages
        dw (reloc_end - reloc_start) / 4        ; relocations
        dw (image - header) / 16                ; header size in paragraphs
        dw STACK_BYTES / 16                     ; min alloc: the stack
        dw 0FFFFh                               ; max alloc: all memory
        dw (file_end - image) / 16              ; SS, relative to the image
        dw STACK_BYTES                          ; SP
        dw 0                                    ; checksum (unused)
        dw main - code1                         ; IP
        dw CODE1_SEG                            ; CS, relative to the image
        dw reloc_start - header                 ; relocation table offset
        dw 0                                    ; overlay number
reloc_start:
        dw main.fix_data + 1 - code1, CODE1_SEG      ; the immediate of `mov ax, DATA_SEG`
        dw main.fix_far + 3 - code1, CODE1_SEG       ; the segment of `call CODE2_SEG:square`
reloc_end:
        align 16, db 0

image:
code1:
main:
.fix_data:
        mov ax, DATA_SEG
        mov ds, ax
        mov word [D(sum)], 0
        xor bp, bp                      ; round
.round: xor cx, cx                      ; i
.inner: mov ax, cx
.fix_far:
        call CODE2_SEG:(square - code2)
        add ax, bp
        add [D(sum)], ax
        inc cx
        cmp cx, COUNT
        jne .inner
        inc bp
        cmp bp, ROUNDS
        jne .round

        mov dx, D(label)
        mov ah, 09h
        int 21h
        mov ax, [D(sum)]
        call print_decimal
        mov dx, D(crlf)
        mov ah, 09h
        int 21h
        mov ax, 4C00h
        int 21h

; AX in decimal, through function 02h.
print_decimal:
        mov bx, 10
        xor cx, cx
.divide:
        xor dx, dx
        div bx
        push dx
        inc cx
        or ax, ax
        jnz .divide
.print: pop dx
        add dl, '0'
        mov ah, 02h
        int 21h
        loop .print
        ret
        align 16, db 0

code2:
; AX = AX * AX mod 65536 (a far routine).
square: push dx
        mul ax
        pop dx
        retf
        align 16, db 0

data:
sum:    dw 0
label:  db "sum=$"
crlf:   db 13, 10, '$'
        align 16, db 0
file_end:
