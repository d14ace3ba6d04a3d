/* Every PA-RISC system instruction a Linux user program may run, each form once (and PA 2.0's
 * branches), for tests/unit/test_hppa_disasm.c (never run: it is only disassembled): the cache flushes in
 * their PA 1.1 and PA 2.0 encodings (a .word where gas has no syntax for the form), sync,
 * probe, space registers and the control registers user code reads; PA 2.0 FP fused ops. */
	.level 2.0
	.text
	.globl _start
_start:
	fdc %r20(%r21)
	fdc,m %r20(%r21)
	fdc %r20(%sr3,%r21)
	fdce %r20(%r21)
	fdce,m %r20(%sr1,%r21)
	pdc %r20(%r21)
	pdc,m %r20(%sr2,%r21)
	fic %r20(%sr0,%r21)
	fic,m %r20(%sr4,%r21)
	fic %r20(%sr5,%r21)
	fice %r20(%sr0,%r21)
	fice,m %r20(%sr7,%r21)
	fdc 8(%r21)
	fdc -4(%sr1,%r21)
	fdc 0(%r3)
	.word 0x06b413e0
	.word 0x06b413c0
	.word 0x06b453c0
	sync
	syncdma
	probe,r (%sr0,%r26),%r25,%r28
	probei,r (%sr0,%r26),3,%r28
	probe,w (%sr0,%r26),%r25,%r28
	probei,w (%sr0,%r26),3,%r28
	ldsid (%r26),%r28
	ldsid (%sr2,%r26),%r28
	mtsp %r26,%sr0
	mtsp %r26,%sr4
	mfsp %sr4,%r28
	mfsp %sr7,%r28
	mfctl %cr16,%r28
	mfctl %cr26,%r28
	mfctl %cr27,%r28
	mfctl %sar,%r28
	mtsar %r26
/* PA 2.0's branches (gcc -march=2.0 emits them): long B,L, B,L,PUSH, BVE, BVE,L */
	b,l _start,%r2
	b,l,push _start,%r2
	b,l,n _start,%r2
	bve (%r2)
	bve,n (%r19)
	bve,l (%r20),%r2
	bve,l,n (%r20),%r2
/* PA 2.0's forms a narrow program uses: mtsarcm, mfia (trampolines), ldd into r0 (a
 * prefetch) */
	mtsarcm %r20
	mfia %r20
	mfia %r1
	ldd 0(%r1),%r0
	ldd,sl 8(%r1),%r0
	ldd %r3(%r1),%r0
/* PA 2.0's fused multiply-adds (gcc -march=2.0 emits them for a * b + c), every half */
	fmpyfadd,dbl %fr4,%fr5,%fr6,%fr7
	fmpynfadd,dbl %fr31,%fr30,%fr29,%fr28
	fmpyfadd,sgl %fr4R,%fr5,%fr6R,%fr7
	fmpynfadd,sgl %fr4,%fr5R,%fr6,%fr7R
	fmpyfadd,sgl %fr31R,%fr30R,%fr29R,%fr28R
