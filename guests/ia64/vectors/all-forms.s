// Every form of emu/ia64/ia64.decode with each of its completers, one instruction a bundle
// (made by gen-all-forms.py from the spec; assembled by test_ia64_disasm with
// ia64-linux-gnu-as -xexplicit and compared with objdump, never run). The few forms gas 2.40
// refuses as written here are kept as comments (decoder-vectors.s and the random bundles of
// test_ia64_disasm reach them).
	.text
	.global all_forms
	.proc all_forms
all_forms:
	{ .mii
	add r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	add r4=r5,r6,1
	nop.i 0
	nop.i 0
	}
	{ .mii
	sub r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	sub r4=r5,r6,1
	nop.i 0
	nop.i 0
	}
	{ .mii
	addp4 r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	and r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	andcm r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	or r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	xor r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	shladd r4=r5,2,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	shladdp4 r4=r5,2,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	sub r4=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	and r4=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	andcm r4=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	or r4=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	xor r4=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov r4=r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	adds r4=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	addp4 r4=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	padd1 r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	padd1.sss r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	padd1.uuu r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	padd1.uus r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	padd2 r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	padd2.sss r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	padd2.uuu r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	padd2.uus r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	padd4 r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	psub1 r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	psub1.sss r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	psub1.uuu r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	psub1.uus r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	psub2 r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	psub2.sss r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	psub2.uuu r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	psub2.uus r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	psub4 r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	pavg1 r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	pavg1.raz r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	pavg2 r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	pavg2.raz r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	pavgsub1 r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	pavgsub2 r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	pcmp1.eq r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	pcmp2.eq r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	pcmp4.eq r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	pcmp1.gt r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	pcmp2.gt r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	pcmp4.gt r4=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	pshladd2 r4=r5,2,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	pshradd2 r4=r5,2,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov r4=-3
	nop.i 0
	nop.i 0
	}
	{ .mii
	addl r4=-3,r2
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.lt p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.lt p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.lt.unc p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.lt.unc p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.eq.and p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.eq.and p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.ne.and p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.ne.and p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.gt.and p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.gt.and p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.le.and p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.le.and p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.ge.and p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.ge.and p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.lt.and p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.lt.and p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.lt p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.lt p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.lt.unc p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.lt.unc p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.eq.and p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.eq.and p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.ne.and p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.ne.and p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.ltu p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.ltu p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.ltu.unc p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.ltu.unc p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.eq.or p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.eq.or p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.ne.or p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.ne.or p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.gt.or p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.gt.or p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.le.or p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.le.or p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.ge.or p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.ge.or p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.lt.or p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.lt.or p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.ltu p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.ltu p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.ltu.unc p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.ltu.unc p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.eq.or p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.eq.or p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.ne.or p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.ne.or p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.eq p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.eq p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.eq.unc p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.eq.unc p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.eq.or.andcm p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.eq.or.andcm p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.ne.or.andcm p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.ne.or.andcm p6,p7=r5,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.gt.or.andcm p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.gt.or.andcm p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.le.or.andcm p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.le.or.andcm p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.ge.or.andcm p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.ge.or.andcm p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.lt.or.andcm p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.lt.or.andcm p6,p7=r0,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.eq p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.eq p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.eq.unc p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.eq.unc p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.eq.or.andcm p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.eq.or.andcm p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp.ne.or.andcm p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	cmp4.ne.or.andcm p6,p7=-3,r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	nop.m 0
	break.i 0x12
	nop.i 0
	}
	{ .mii
	nop.m 0
	nop.i 0x12
	nop.i 0
	}
	{ .mii
	nop.m 0
	hint.i 0x12
	nop.i 0
	}
	{ .mii
	nop.m 0
	mov.i ar.lc=-3
	nop.i 0
	}
	{ .mii
	nop.m 0
	zxt1 r4=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	zxt2 r4=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	zxt4 r4=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	sxt1 r4=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	sxt2 r4=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	sxt4 r4=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	czx1.l r4=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	czx2.l r4=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	czx1.r r4=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	czx2.r r4=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	mov.i ar.lc=r5
	nop.i 0
	}
	{ .mii
	nop.m 0
	mov r4=ip
	nop.i 0
	}
	{ .mii
	nop.m 0
	mov r4=b7
	nop.i 0
	}
	{ .mii
	nop.m 0
	mov.i r4=ar.lc
	nop.i 0
	}
	{ .mii
	nop.m 0
	mov r4=pr
	nop.i 0
	}
	{ .mii
	nop.m 0
	chk.s.i r5,1f
	nop.i 0
	}
	{ .mii
	nop.m 0
	mov pr.rot=0x10000
	nop.i 0
	}
	{ .mii
	nop.m 0
	mov pr=r5,0x1fffe
	nop.i 0
	}
	{ .mii
	nop.m 0
	mov b6=r5
	nop.i 0
	}
	// (not assembled by gas 2.40) mov.sptk b6=r5
	{ .mii
	nop.m 0
	nop.i 0
	nop.i 0
	}
	// (not assembled by gas 2.40) mov.dptk b6=r5
	{ .mii
	nop.m 0
	nop.i 0
	nop.i 0
	}
	// (not assembled by gas 2.40) mov.ret b6=r5
	{ .mii
	nop.m 0
	nop.i 0
	nop.i 0
	}
	// (not assembled by gas 2.40) mov.ret.dptk.imp b6=r5
	{ .mii
	nop.m 0
	nop.i 0
	nop.i 0
	}
	{ .mii
	nop.m 0
	dep r4=r5,r6,5,4
	nop.i 0
	}
	{ .mii
	nop.m 0
	tf.z p6,p7=40
	nop.i 0
	}
	{ .mii
	nop.m 0
	tf.z.unc p6,p7=40
	nop.i 0
	}
	{ .mii
	nop.m 0
	tf.z.and p6,p7=40
	nop.i 0
	}
	{ .mii
	nop.m 0
	tf.nz.and p6,p7=40
	nop.i 0
	}
	{ .mii
	nop.m 0
	tf.z.or p6,p7=40
	nop.i 0
	}
	{ .mii
	nop.m 0
	tf.nz.or p6,p7=40
	nop.i 0
	}
	{ .mii
	nop.m 0
	tf.z.or.andcm p6,p7=40
	nop.i 0
	}
	{ .mii
	nop.m 0
	tf.nz.or.andcm p6,p7=40
	nop.i 0
	}
	{ .mii
	nop.m 0
	tbit.z p6,p7=r6,5
	nop.i 0
	}
	{ .mii
	nop.m 0
	tbit.z.unc p6,p7=r6,5
	nop.i 0
	}
	{ .mii
	nop.m 0
	tbit.z.and p6,p7=r6,5
	nop.i 0
	}
	{ .mii
	nop.m 0
	tbit.nz.and p6,p7=r6,5
	nop.i 0
	}
	{ .mii
	nop.m 0
	tbit.z.or p6,p7=r6,5
	nop.i 0
	}
	{ .mii
	nop.m 0
	tbit.nz.or p6,p7=r6,5
	nop.i 0
	}
	{ .mii
	nop.m 0
	tbit.z.or.andcm p6,p7=r6,5
	nop.i 0
	}
	{ .mii
	nop.m 0
	tbit.nz.or.andcm p6,p7=r6,5
	nop.i 0
	}
	{ .mii
	nop.m 0
	tnat.z p6,p7=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	tnat.z.unc p6,p7=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	tnat.z.and p6,p7=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	tnat.nz.and p6,p7=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	tnat.z.or p6,p7=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	tnat.nz.or p6,p7=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	tnat.z.or.andcm p6,p7=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	tnat.nz.or.andcm p6,p7=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	extr.u r4=r6,5,4
	nop.i 0
	}
	{ .mii
	nop.m 0
	extr r4=r6,5,4
	nop.i 0
	}
	{ .mii
	nop.m 0
	dep.z r4=r5,5,4
	nop.i 0
	}
	{ .mii
	nop.m 0
	dep.z r4=-3,5,4
	nop.i 0
	}
	{ .mii
	nop.m 0
	shrp r4=r5,r6,5
	nop.i 0
	}
	{ .mii
	nop.m 0
	dep r4=-1,r6,5,4
	nop.i 0
	}
	{ .mii
	nop.m 0
	pmpyshr2 r4=r5,r6,7
	nop.i 0
	}
	{ .mii
	nop.m 0
	pmpyshr2.u r4=r5,r6,7
	nop.i 0
	}
	{ .mii
	nop.m 0
	pmpy2.r r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	pmpy2.l r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	mix1.r r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	mix2.r r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	mix4.r r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	mix1.l r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	mix2.l r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	mix4.l r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	pack2.uss r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	pack2.sss r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	pack4.sss r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	unpack1.h r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	unpack2.h r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	unpack4.h r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	unpack1.l r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	unpack2.l r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	unpack4.l r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	pmin1.u r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	pmax1.u r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	pmin2 r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	pmax2 r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	psad1 r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	mux1 r4=r5,@brcst
	nop.i 0
	}
	{ .mii
	nop.m 0
	mux1 r4=r5,@mix
	nop.i 0
	}
	{ .mii
	nop.m 0
	mux1 r4=r5,@shuf
	nop.i 0
	}
	{ .mii
	nop.m 0
	mux1 r4=r5,@alt
	nop.i 0
	}
	{ .mii
	nop.m 0
	mux1 r4=r5,@rev
	nop.i 0
	}
	{ .mii
	nop.m 0
	mux2 r4=r5,0x1b
	nop.i 0
	}
	{ .mii
	nop.m 0
	pshr2 r4=r6,r5
	nop.i 0
	}
	{ .mii
	nop.m 0
	pshr4 r4=r6,r5
	nop.i 0
	}
	{ .mii
	nop.m 0
	shr r4=r6,r5
	nop.i 0
	}
	{ .mii
	nop.m 0
	pshr2.u r4=r6,r5
	nop.i 0
	}
	{ .mii
	nop.m 0
	pshr4.u r4=r6,r5
	nop.i 0
	}
	{ .mii
	nop.m 0
	shr.u r4=r6,r5
	nop.i 0
	}
	{ .mii
	nop.m 0
	pshr2 r4=r6,5
	nop.i 0
	}
	{ .mii
	nop.m 0
	pshr4 r4=r6,5
	nop.i 0
	}
	{ .mii
	nop.m 0
	pshr2.u r4=r6,5
	nop.i 0
	}
	{ .mii
	nop.m 0
	pshr4.u r4=r6,5
	nop.i 0
	}
	{ .mii
	nop.m 0
	pshl2 r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	pshl4 r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	shl r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	mpy4 r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	mpyshl4 r4=r5,r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	pshl2 r4=r5,5
	nop.i 0
	}
	{ .mii
	nop.m 0
	pshl4 r4=r5,5
	nop.i 0
	}
	{ .mii
	nop.m 0
	popcnt r4=r6
	nop.i 0
	}
	{ .mii
	nop.m 0
	clz r4=r6
	nop.i 0
	}
	{ .mii
	chk.a.nc r4,1f
	nop.i 0
	nop.i 0
	}
	{ .mii
	chk.a.clr r4,1f
	nop.i 0
	nop.i 0
	}
	{ .mii
	chk.a.nc f6,1f
	nop.i 0
	nop.i 0
	}
	{ .mii
	chk.a.clr f6,1f
	nop.i 0
	nop.i 0
	}
	{ .mii
	sum 0x4
	nop.i 0
	nop.i 0
	}
	{ .mii
	rum 0x4
	nop.i 0
	nop.i 0
	}
	{ .mii
	ssm 0x4
	nop.i 0
	nop.i 0
	}
	{ .mii
	rsm 0x4
	nop.i 0
	nop.i 0
	}
	{ .mii
	break.m 0x12
	nop.i 0
	nop.i 0
	}
	{ .mii
	nop.m 0x12
	nop.i 0
	nop.i 0
	}
	{ .mii
	hint.m 0x12
	nop.i 0
	nop.i 0
	}
	{ .mii
	loadrs
	nop.i 0
	nop.i 0
	}
	{ .mii
	flushrs
	nop.i 0
	nop.i 0
	}
	{ .mii
	invala
	nop.i 0
	nop.i 0
	}
	{ .mii
	invala.e r4
	nop.i 0
	nop.i 0
	}
	{ .mii
	invala.e f6
	nop.i 0
	nop.i 0
	}
	{ .mii
	fwb
	nop.i 0
	nop.i 0
	}
	{ .mii
	mf
	nop.i 0
	nop.i 0
	}
	{ .mii
	mf.a
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov.m ar.ccv=-3
	nop.i 0
	nop.i 0
	}
	{ .mii
	srlz.d
	nop.i 0
	nop.i 0
	}
	{ .mii
	srlz.i
	nop.i 0
	nop.i 0
	}
	{ .mii
	sync.i
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov.m ar.ccv=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov.m r4=ar.ccv
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov r4=psr.um
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov psr.um=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	fc r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	fc.i r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov r4=dahr[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov r4=cpuid[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov r4=pmd[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	probe.r r4=r6,r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	probe.w r4=r6,r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	probe.r r4=r6,2
	nop.i 0
	nop.i 0
	}
	{ .mii
	probe.w r4=r6,2
	nop.i 0
	nop.i 0
	}
	{ .mii
	probe.rw.fault r6,2
	nop.i 0
	nop.i 0
	}
	{ .mii
	probe.r.fault r6,2
	nop.i 0
	nop.i 0
	}
	{ .mii
	probe.w.fault r6,2
	nop.i 0
	nop.i 0
	}
	{ .mii
	thash r4=r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	ttag r4=r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov cr.dcr=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov r4=cr.dcr
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov psr.l=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov r4=psr
	nop.i 0
	nop.i 0
	}
	// (not assembled by gas 2.40) itc.d r5
	{ .mii
	nop.m 0
	nop.i 0
	nop.i 0
	}
	// (not assembled by gas 2.40) itc.i r5
	{ .mii
	nop.m 0
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov rr[r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov dbr[r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov ibr[r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov pkr[r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov pmc[r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov pmd[r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov msr[r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	itr.d dtr[r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	itr.i itr[r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov r4=rr[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov r4=dbr[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov r4=ibr[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov r4=pkr[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov r4=pmc[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	mov r4=msr[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ptc.l r6,r5
	nop.i 0
	nop.i 0
	}
	// (not assembled by gas 2.40) ptc.g r6,r5
	{ .mii
	nop.m 0
	nop.i 0
	nop.i 0
	}
	// (not assembled by gas 2.40) ptc.ga r6,r5
	{ .mii
	nop.m 0
	nop.i 0
	nop.i 0
	}
	{ .mii
	ptr.d r6,r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	ptr.i r6,r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	tpa r4=r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	tak r4=r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	ptc.e r6
	nop.i 0
	nop.i 0
	}
	{ .mii
	chk.s.m r5,1f
	nop.i 0
	nop.i 0
	}
	{ .mii
	chk.s f7,1f
	nop.i 0
	nop.i 0
	}
	// (not assembled by gas 2.40) alloc r4=ar.pfs,8,5,4
	{ .mii
	nop.m 0
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.s r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.s.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.s.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.s r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.s.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.s.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.s r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.s.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.s.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.s r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.s.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.s.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.a r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.a.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.a.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.a r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.a.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.a.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.a r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.a.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.a.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.a r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.a.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.a.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.sa r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.sa.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.sa.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.sa r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.sa.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.sa.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.sa r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.sa.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.sa.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.sa r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.sa.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.sa.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.bias r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.bias.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.bias.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.bias r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.bias.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.bias.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.bias r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.bias.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.bias.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.bias r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.bias.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.bias.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.acq r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.acq.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.acq.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.acq r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.acq.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.acq.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.acq r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.acq.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.acq.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.acq r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.acq.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.acq.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.fill r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.fill.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.fill.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.c.clr r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.c.clr.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.c.clr.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.c.clr r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.c.clr.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.c.clr.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.c.clr r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.c.clr.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.c.clr.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.c.clr r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.c.clr.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.c.clr.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.c.nc r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.c.nc.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.c.nc.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.c.nc r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.c.nc.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.c.nc.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.c.nc r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.c.nc.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.c.nc.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.c.nc r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.c.nc.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.c.nc.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.c.clr.acq r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.c.clr.acq.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld1.c.clr.acq.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.c.clr.acq r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.c.clr.acq.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld2.c.clr.acq.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.c.clr.acq r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.c.clr.acq.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld4.c.clr.acq.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.c.clr.acq r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.c.clr.acq.nt1 r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld8.c.clr.acq.nta r4=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	st1 [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st1.nta [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st2 [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st2.nta [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st4 [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st4.nta [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st8 [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st8.nta [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st1.rel [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st1.rel.nta [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st2.rel [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st2.rel.nta [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st4.rel [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st4.rel.nta [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st8.rel [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st8.rel.nta [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st8.spill [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	st8.spill.nta [r6]=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	getf.sig r4=f7
	nop.i 0
	nop.i 0
	}
	{ .mii
	getf.exp r4=f7
	nop.i 0
	nop.i 0
	}
	{ .mii
	getf.s r4=f7
	nop.i 0
	nop.i 0
	}
	{ .mii
	getf.d r4=f7
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld16 r4,ar.csd=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld16.nt1 r4,ar.csd=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld16.nta r4,ar.csd=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld16.acq r4,ar.csd=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld16.acq.nt1 r4,ar.csd=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ld16.acq.nta r4,ar.csd=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	st16 [r6]=r5,ar.csd
	nop.i 0
	nop.i 0
	}
	{ .mii
	st16.nta [r6]=r5,ar.csd
	nop.i 0
	nop.i 0
	}
	{ .mii
	st16.rel [r6]=r5,ar.csd
	nop.i 0
	nop.i 0
	}
	{ .mii
	st16.rel.nta [r6]=r5,ar.csd
	nop.i 0
	nop.i 0
	}
	{ .mii
	setf.sig f6=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	setf.exp f6=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	setf.s f6=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	setf.d f6=r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch [r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.nt1 [r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.nt2 [r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.nta [r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.excl [r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.excl.nt1 [r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.excl.nt2 [r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.excl.nta [r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault [r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.nt1 [r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.nt2 [r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.nta [r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.excl [r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.excl.nt1 [r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.excl.nt2 [r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.excl.nta [r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch [r6],r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.nt1 [r6],r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.nt2 [r6],r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.nta [r6],r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.excl [r6],r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.excl.nt1 [r6],r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.excl.nt2 [r6],r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.excl.nta [r6],r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault [r6],r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.nt1 [r6],r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.nt2 [r6],r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.nta [r6],r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.excl [r6],r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.excl.nt1 [r6],r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.excl.nt2 [r6],r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.excl.nta [r6],r5
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch [r6],8
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.nt1 [r6],8
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.nt2 [r6],8
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.nta [r6],8
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.excl [r6],8
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.excl.nt1 [r6],8
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.excl.nt2 [r6],8
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.excl.nta [r6],8
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault [r6],8
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.nt1 [r6],8
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.nt2 [r6],8
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.nta [r6],8
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.excl [r6],8
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.excl.nt1 [r6],8
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.excl.nt2 [r6],8
	nop.i 0
	nop.i 0
	}
	{ .mii
	lfetch.fault.excl.nta [r6],8
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf.fill f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf.fill.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf.fill.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	stf.spill [r6]=f7
	nop.i 0
	nop.i 0
	}
	{ .mii
	stf.spill.nta [r6]=f7
	nop.i 0
	nop.i 0
	}
	{ .mii
	stfe [r6]=f7
	nop.i 0
	nop.i 0
	}
	{ .mii
	stfe.nta [r6]=f7
	nop.i 0
	nop.i 0
	}
	{ .mii
	stf8 [r6]=f7
	nop.i 0
	nop.i 0
	}
	{ .mii
	stf8.nta [r6]=f7
	nop.i 0
	nop.i 0
	}
	{ .mii
	stfs [r6]=f7
	nop.i 0
	nop.i 0
	}
	{ .mii
	stfs.nta [r6]=f7
	nop.i 0
	nop.i 0
	}
	{ .mii
	stfd [r6]=f7
	nop.i 0
	nop.i 0
	}
	{ .mii
	stfd.nta [r6]=f7
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.s f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.s.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.s.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.s f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.s.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.s.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.s f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.s.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.s.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.s f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.s.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.s.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.a f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.a.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.a.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.a f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.a.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.a.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.a f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.a.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.a.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.a f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.a.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.a.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.sa f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.sa.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.sa.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.sa f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.sa.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.sa.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.sa f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.sa.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.sa.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.sa f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.sa.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.sa.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.c.clr f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.c.clr.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.c.clr.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.c.clr f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.c.clr.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.c.clr.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.c.clr f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.c.clr.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.c.clr.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.c.clr f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.c.clr.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.c.clr.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.c.nc f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.c.nc.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfe.c.nc.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.c.nc f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.c.nc.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldf8.c.nc.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.c.nc f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.c.nc.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfs.c.nc.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.c.nc f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.c.nc.nt1 f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mii
	ldfd.c.nc.nta f6=[r6]
	nop.i 0
	nop.i 0
	}
	{ .mfi
	nop.m 0
	frcpa.s0 f6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	frcpa.s1 f6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	frcpa.s2 f6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	frcpa.s3 f6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	frsqrta.s0 f6,p7=f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	frsqrta.s1 f6,p7=f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	frsqrta.s2 f6,p7=f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	frsqrta.s3 f6,p7=f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	break.f 0x12
	nop.i 0
	}
	{ .mfi
	nop.m 0
	nop.f 0x12
	nop.i 0
	}
	{ .mfi
	nop.m 0
	hint.f 0x12
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fsetc.s0 0x7f,0x1b
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fsetc.s1 0x7f,0x1b
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fsetc.s2 0x7f,0x1b
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fsetc.s3 0x7f,0x1b
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fclrf.s0
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fclrf.s1
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fclrf.s2
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fclrf.s3
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fchkf.s0 1f
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fchkf.s1 1f
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fchkf.s2 1f
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fchkf.s3 1f
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fabs f6=f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnegabs f6=f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmerge.s f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmerge.ns f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmerge.se f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmin.s0 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmin.s1 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmin.s2 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmin.s3 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmax.s0 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmax.s1 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmax.s2 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmax.s3 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	famin.s0 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	famin.s1 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	famin.s2 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	famin.s3 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	famax.s0 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	famax.s1 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	famax.s2 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	famax.s3 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.fx.s0 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.fx.s1 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.fx.s2 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.fx.s3 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.fxu.s0 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.fxu.s1 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.fxu.s2 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.fxu.s3 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.fx.trunc.s0 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.fx.trunc.s1 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.fx.trunc.s2 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.fx.trunc.s3 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.fxu.trunc.s0 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.fxu.trunc.s1 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.fxu.trunc.s2 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.fxu.trunc.s3 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcvt.xf f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpack f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fand f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fandcm f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	for f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fxor f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fswap f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fswap.nl f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fswap.nr f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmix.lr f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmix.r f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmix.l f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fsxt.r f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fsxt.l f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fprcpa.s0 f6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fprcpa.s1 f6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fprcpa.s2 f6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fprcpa.s3 f6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fprsqrta.s0 f6,p7=f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fprsqrta.s1 f6,p7=f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fprsqrta.s2 f6,p7=f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fprsqrta.s3 f6,p7=f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpabs f6=f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpnegabs f6=f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpmerge.s f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpmerge.ns f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpmerge.se f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpmin.s0 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpmin.s1 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpmin.s2 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpmin.s3 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpmax.s0 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpmax.s1 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpmax.s2 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpmax.s3 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpamin.s0 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpamin.s1 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpamin.s2 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpamin.s3 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpamax.s0 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpamax.s1 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpamax.s2 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpamax.s3 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcvt.fx.s0 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcvt.fx.s1 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcvt.fx.s2 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcvt.fx.s3 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcvt.fxu.s0 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcvt.fxu.s1 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcvt.fxu.s2 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcvt.fxu.s3 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcvt.fx.trunc.s0 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcvt.fx.trunc.s1 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcvt.fx.trunc.s2 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcvt.fx.trunc.s3 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcvt.fxu.trunc.s0 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcvt.fxu.trunc.s1 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcvt.fxu.trunc.s2 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcvt.fxu.trunc.s3 f6=f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.eq.s0 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.eq.s1 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.eq.s2 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.eq.s3 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.lt.s0 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.lt.s1 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.lt.s2 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.lt.s3 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.le.s0 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.le.s1 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.le.s2 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.le.s3 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.unord.s0 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.unord.s1 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.unord.s2 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.unord.s3 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.neq.s0 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.neq.s1 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.neq.s2 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.neq.s3 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.nlt.s0 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.nlt.s1 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.nlt.s2 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.nlt.s3 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.nle.s0 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.nle.s1 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.nle.s2 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.nle.s3 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.ord.s0 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.ord.s1 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.ord.s2 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpcmp.ord.s3 f6=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.eq.s0 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.eq.s1 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.eq.s2 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.eq.s3 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.eq.unc.s0 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.eq.unc.s1 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.eq.unc.s2 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.eq.unc.s3 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.lt.s0 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.lt.s1 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.lt.s2 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.lt.s3 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.lt.unc.s0 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.lt.unc.s1 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.lt.unc.s2 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.lt.unc.s3 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.le.s0 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.le.s1 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.le.s2 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.le.s3 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.le.unc.s0 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.le.unc.s1 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.le.unc.s2 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.le.unc.s3 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.unord.s0 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.unord.s1 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.unord.s2 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.unord.s3 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.unord.unc.s0 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.unord.unc.s1 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.unord.unc.s2 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fcmp.unord.unc.s3 p6,p7=f7,f8
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fclass.m p6,p7=f7,0x1ff
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fclass.m.unc p6,p7=f7,0x1ff
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmpy.s0 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmpy.s1 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmpy.s2 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmpy.s3 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fma.s0 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fma.s1 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fma.s2 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fma.s3 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmpy.s.s0 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmpy.s.s1 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmpy.s.s2 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmpy.s.s3 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fma.s.s0 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fma.s.s1 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fma.s.s2 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fma.s.s3 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmpy.d.s0 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmpy.d.s1 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmpy.d.s2 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fmpy.d.s3 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fma.d.s0 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fma.d.s1 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fma.d.s2 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fma.d.s3 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpmpy.s0 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpmpy.s1 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpmpy.s2 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpmpy.s3 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpma.s0 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpma.s1 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpma.s2 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpma.s3 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fms.s0 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fms.s1 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fms.s2 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fms.s3 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fms.s.s0 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fms.s.s1 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fms.s.s2 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fms.s.s3 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fms.d.s0 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fms.d.s1 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fms.d.s2 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fms.d.s3 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpms.s0 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpms.s1 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpms.s2 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpms.s3 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnmpy.s0 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnmpy.s1 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnmpy.s2 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnmpy.s3 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnma.s0 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnma.s1 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnma.s2 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnma.s3 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnmpy.s.s0 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnmpy.s.s1 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnmpy.s.s2 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnmpy.s.s3 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnma.s.s0 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnma.s.s1 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnma.s.s2 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnma.s.s3 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnmpy.d.s0 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnmpy.d.s1 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnmpy.d.s2 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnmpy.d.s3 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnma.d.s0 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnma.d.s1 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnma.d.s2 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fnma.d.s3 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpnmpy.s0 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpnmpy.s1 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpnmpy.s2 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpnmpy.s3 f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpnma.s0 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpnma.s1 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpnma.s2 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fpnma.s3 f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	xmpy.l f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	xma.l f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	xmpy.hu f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	xma.hu f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	xmpy.h f6=f8,f9
	nop.i 0
	}
	{ .mfi
	nop.m 0
	xma.h f6=f8,f9,f7
	nop.i 0
	}
	{ .mfi
	nop.m 0
	fselect f6=f8,f9,f7
	nop.i 0
	}
	{ .mib
	nop.m 0
	nop.i 0
	break.b 0x12
	}
	{ .mib
	nop.m 0
	nop.i 0
	cover
	}
	{ .mib
	nop.m 0
	nop.i 0
	clrrrb
	}
	{ .mib
	nop.m 0
	nop.i 0
	clrrrb.pr
	}
	{ .mib
	nop.m 0
	nop.i 0
	rfi
	}
	{ .mib
	nop.m 0
	nop.i 0
	bsw.0
	}
	{ .mib
	nop.m 0
	nop.i 0
	bsw.1
	}
	{ .mib
	nop.m 0
	nop.i 0
	epc
	}
	{ .mib
	nop.m 0
	nop.i 0
	vmsw.0
	}
	{ .mib
	nop.m 0
	nop.i 0
	vmsw.1
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.few b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.few.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.many b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.many.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.sptk.few b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.sptk.few.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.sptk.many b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.sptk.many.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.spnt.few b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.spnt.few.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.spnt.many b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.spnt.many.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.dptk.few b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.dptk.few.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.dptk.many b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.dptk.many.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.dpnt.few b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.dpnt.few.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.dpnt.many b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.dpnt.many.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ia.sptk.few b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ia.sptk.few.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ia.sptk.many b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ia.sptk.many.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ia.spnt.few b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ia.spnt.few.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ia.spnt.many b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ia.spnt.many.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ia.dptk.few b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ia.dptk.few.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ia.dptk.many b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ia.dptk.many.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ia.dpnt.few b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ia.dpnt.few.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ia.dpnt.many b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ia.dpnt.many.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ret.sptk.few b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ret.sptk.few.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ret.sptk.many b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ret.sptk.many.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ret.spnt.few b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ret.spnt.few.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ret.spnt.many b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ret.spnt.many.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ret.dptk.few b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ret.dptk.few.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ret.dptk.many b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ret.dptk.many.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ret.dpnt.few b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ret.dpnt.few.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ret.dpnt.many b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ret.dpnt.many.clr b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.sptk.few b6=b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.sptk.few.clr b6=b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.sptk.many b6=b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.sptk.many.clr b6=b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.spnt.few b6=b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.spnt.few.clr b6=b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.spnt.many b6=b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.spnt.many.clr b6=b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.dptk.few b6=b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.dptk.few.clr b6=b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.dptk.many b6=b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.dptk.many.clr b6=b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.dpnt.few b6=b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.dpnt.few.clr b6=b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.dpnt.many b6=b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.dpnt.many.clr b6=b7
	}
	{ .mib
	nop.m 0
	nop.i 0
	nop.b 0x12
	}
	// (not assembled by gas 2.40) hint.b 0x12
	{ .mib
	nop.m 0
	nop.i 0
	nop.b 0
	}
	{ .mib
	nop.m 0
	nop.i 0
	brp.sptk b7,1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	brp.sptk.imp b7,1f
	}
	// (not assembled by gas 2.40) brp.loop b7,1f
	{ .mib
	nop.m 0
	nop.i 0
	nop.b 0
	}
	// (not assembled by gas 2.40) brp.loop.imp b7,1f
	{ .mib
	nop.m 0
	nop.i 0
	nop.b 0
	}
	{ .mib
	nop.m 0
	nop.i 0
	brp.dptk b7,1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	brp.dptk.imp b7,1f
	}
	// (not assembled by gas 2.40) brp.exit b7,1f
	{ .mib
	nop.m 0
	nop.i 0
	nop.b 0
	}
	// (not assembled by gas 2.40) brp.exit.imp b7,1f
	{ .mib
	nop.m 0
	nop.i 0
	nop.b 0
	}
	{ .mib
	nop.m 0
	nop.i 0
	brp.ret.sptk b7,1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	brp.ret.sptk.imp b7,1f
	}
	// (not assembled by gas 2.40) brp.ret.loop b7,1f
	{ .mib
	nop.m 0
	nop.i 0
	nop.b 0
	}
	// (not assembled by gas 2.40) brp.ret.loop.imp b7,1f
	{ .mib
	nop.m 0
	nop.i 0
	nop.b 0
	}
	{ .mib
	nop.m 0
	nop.i 0
	brp.ret.dptk b7,1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	brp.ret.dptk.imp b7,1f
	}
	// (not assembled by gas 2.40) brp.ret.exit b7,1f
	{ .mib
	nop.m 0
	nop.i 0
	nop.b 0
	}
	// (not assembled by gas 2.40) brp.ret.exit.imp b7,1f
	{ .mib
	nop.m 0
	nop.i 0
	nop.b 0
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.sptk.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.sptk.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.sptk.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.sptk.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.spnt.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.spnt.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.spnt.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.spnt.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.dptk.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.dptk.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.dptk.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.dptk.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.dpnt.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.dpnt.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.dpnt.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cond.dpnt.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wexit.sptk.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wexit.sptk.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wexit.sptk.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wexit.sptk.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wexit.spnt.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wexit.spnt.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wexit.spnt.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wexit.spnt.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wexit.dptk.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wexit.dptk.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wexit.dptk.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wexit.dptk.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wexit.dpnt.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wexit.dpnt.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wexit.dpnt.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wexit.dpnt.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wtop.sptk.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wtop.sptk.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wtop.sptk.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wtop.sptk.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wtop.spnt.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wtop.spnt.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wtop.spnt.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wtop.spnt.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wtop.dptk.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wtop.dptk.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wtop.dptk.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wtop.dptk.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wtop.dpnt.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wtop.dpnt.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wtop.dpnt.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.wtop.dpnt.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cloop.sptk.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cloop.sptk.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cloop.sptk.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cloop.sptk.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cloop.spnt.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cloop.spnt.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cloop.spnt.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cloop.spnt.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cloop.dptk.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cloop.dptk.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cloop.dptk.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cloop.dptk.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cloop.dpnt.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cloop.dpnt.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cloop.dpnt.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cloop.dpnt.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cexit.sptk.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cexit.sptk.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cexit.sptk.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cexit.sptk.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cexit.spnt.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cexit.spnt.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cexit.spnt.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cexit.spnt.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cexit.dptk.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cexit.dptk.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cexit.dptk.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cexit.dptk.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cexit.dpnt.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cexit.dpnt.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cexit.dpnt.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.cexit.dpnt.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ctop.sptk.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ctop.sptk.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ctop.sptk.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ctop.sptk.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ctop.spnt.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ctop.spnt.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ctop.spnt.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ctop.spnt.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ctop.dptk.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ctop.dptk.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ctop.dptk.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ctop.dptk.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ctop.dpnt.few 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ctop.dpnt.few.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ctop.dpnt.many 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.ctop.dpnt.many.clr 1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.sptk.few b6=1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.sptk.few.clr b6=1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.sptk.many b6=1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.sptk.many.clr b6=1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.spnt.few b6=1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.spnt.few.clr b6=1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.spnt.many b6=1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.spnt.many.clr b6=1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.dptk.few b6=1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.dptk.few.clr b6=1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.dptk.many b6=1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.dptk.many.clr b6=1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.dpnt.few b6=1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.dpnt.few.clr b6=1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.dpnt.many b6=1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	br.call.dpnt.many.clr b6=1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	brp.sptk 1f,1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	brp.sptk.imp 1f,1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	brp.loop 1f,1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	brp.loop.imp 1f,1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	brp.dptk 1f,1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	brp.dptk.imp 1f,1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	brp.exit 1f,1f
	}
	{ .mib
	nop.m 0
	nop.i 0
	brp.exit.imp 1f,1f
	}
	{ .mlx
	nop.m 0
	break.x 0x12
	}
	{ .mlx
	nop.m 0
	nop.x 0x12
	}
	{ .mlx
	nop.m 0
	hint.x 0x12
	}
	{ .mlx
	nop.m 0
	movl r4=0x123456789abcdef0
	}
	{ .mlx
	nop.m 0
	brl.few 1f
	}
	{ .mlx
	nop.m 0
	brl.few.clr 1f
	}
	{ .mlx
	nop.m 0
	brl.many 1f
	}
	{ .mlx
	nop.m 0
	brl.many.clr 1f
	}
	{ .mlx
	nop.m 0
	brl.cond.sptk.few 1f
	}
	{ .mlx
	nop.m 0
	brl.cond.sptk.few.clr 1f
	}
	{ .mlx
	nop.m 0
	brl.cond.sptk.many 1f
	}
	{ .mlx
	nop.m 0
	brl.cond.sptk.many.clr 1f
	}
	{ .mlx
	nop.m 0
	brl.cond.spnt.few 1f
	}
	{ .mlx
	nop.m 0
	brl.cond.spnt.few.clr 1f
	}
	{ .mlx
	nop.m 0
	brl.cond.spnt.many 1f
	}
	{ .mlx
	nop.m 0
	brl.cond.spnt.many.clr 1f
	}
	{ .mlx
	nop.m 0
	brl.cond.dptk.few 1f
	}
	{ .mlx
	nop.m 0
	brl.cond.dptk.few.clr 1f
	}
	{ .mlx
	nop.m 0
	brl.cond.dptk.many 1f
	}
	{ .mlx
	nop.m 0
	brl.cond.dptk.many.clr 1f
	}
	{ .mlx
	nop.m 0
	brl.cond.dpnt.few 1f
	}
	{ .mlx
	nop.m 0
	brl.cond.dpnt.few.clr 1f
	}
	{ .mlx
	nop.m 0
	brl.cond.dpnt.many 1f
	}
	{ .mlx
	nop.m 0
	brl.cond.dpnt.many.clr 1f
	}
	{ .mlx
	nop.m 0
	brl.call.sptk.few b6=1f
	}
	{ .mlx
	nop.m 0
	brl.call.sptk.few.clr b6=1f
	}
	{ .mlx
	nop.m 0
	brl.call.sptk.many b6=1f
	}
	{ .mlx
	nop.m 0
	brl.call.sptk.many.clr b6=1f
	}
	{ .mlx
	nop.m 0
	brl.call.spnt.few b6=1f
	}
	{ .mlx
	nop.m 0
	brl.call.spnt.few.clr b6=1f
	}
	{ .mlx
	nop.m 0
	brl.call.spnt.many b6=1f
	}
	{ .mlx
	nop.m 0
	brl.call.spnt.many.clr b6=1f
	}
	{ .mlx
	nop.m 0
	brl.call.dptk.few b6=1f
	}
	{ .mlx
	nop.m 0
	brl.call.dptk.few.clr b6=1f
	}
	{ .mlx
	nop.m 0
	brl.call.dptk.many b6=1f
	}
	{ .mlx
	nop.m 0
	brl.call.dptk.many.clr b6=1f
	}
	{ .mlx
	nop.m 0
	brl.call.dpnt.few b6=1f
	}
	{ .mlx
	nop.m 0
	brl.call.dpnt.few.clr b6=1f
	}
	{ .mlx
	nop.m 0
	brl.call.dpnt.many b6=1f
	}
	{ .mlx
	nop.m 0
	brl.call.dpnt.many.clr b6=1f
	}
1:	{ .mii
	nop.m 0
	nop.i 0
	nop.i 0
	}
	.endp all_forms

