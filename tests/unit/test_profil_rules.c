/* The profil core against every rule of its seeds (../shared/seeds/) and every row of
 * ../shared/SEMANTICS.md, one test per rule, per personality. doc/profil.2 and doc/sprofil.2
 * state the same rules for users. */
#include <criterion/criterion.h>
#include <errno.h>

#include "profil_testutil.h"

static void start_svr4(void) { start_with(PROF_PERSONALITY_SVR4, 8, false, 64); }
static void start_bsd(void) { start_with(PROF_PERSONALITY_BSD, 8, false, 64); }
static void start_linux(void) { start_with(PROF_PERSONALITY_LINUX, 8, false, 64); }
static void start_hpux(void) { start_with(PROF_PERSONALITY_HPUX, 8, false, 64); }

TestSuite(core, .init = start_linux, .fini = stop);
TestSuite(svr4, .init = start_svr4, .fini = stop);
TestSuite(bsd, .init = start_bsd, .fini = stop);
TestSuite(linux, .init = start_linux, .fini = stop);
TestSuite(hpux, .init = start_hpux, .fini = stop);

static int profil(uint64_t buf, uint64_t bufsiz, uint64_t offset, uint64_t scale)
{
	return prof_profil(&st, &pm, buf, bufsiz, offset, scale);
}

/* ---- the core, whatever the personality ---------------------------------------------------- */

Test(core, personality_names_round_trip)
{
	const char *names[] = { "svr4", "bsd", "linux", "hpux" };
	for (int i = 0; i < 4; i++) {
		cr_assert_eq(prof_personality_parse(names[i]), i);
		cr_assert_str_eq(prof_personality_name((enum prof_personality)i), names[i]);
	}
	cr_assert_eq(prof_personality_parse("sysv"), -1);
	cr_assert_eq(prof_personality_parse(NULL), -1);
}

Test(core, init_allocates_at_least_one_region_and_starts_off)
{
	struct prof_state s;
	struct prof_config cfg = { PROF_PERSONALITY_SVR4, 4, 0, 10000 };
	cr_assert_eq(prof_init(&s, &cfg), 0);
	cr_assert_not_null(s.regions);
	cr_assert_not(s.enabled);
	prof_free(&s);
	cfg.word_size = 2;
	cr_assert_eq(prof_init(&s, &cfg), -EINVAL, "word_size must be 4 or 8");
}

Test(core, tick_when_not_enabled_is_off_and_returns_0)
{
	struct prof_explain ex = tick(TEXT);
	cr_assert_eq(ex.outcome, PROF_TICK_OFF);
	cr_assert_eq(ex.region, -1);
	cr_assert_eq(st.ticks, 0);
	cr_assert_eq(prof_tick(&st, &pm, TEXT, NULL), 0, "explain is optional");
}

Test(core, disable_clears_enabled_and_count)
{
	cr_assert_eq(profil(BUF, 16, TEXT, 0x10000), 0);
	cr_assert(st.enabled);
	prof_disable(&st);
	cr_assert_not(st.enabled);
	cr_assert_eq(st.count, 0);
}

Test(core, statistics_count_ticks_and_bins)
{
	cr_assert_eq(profil(BUF, 16, TEXT, 0x10000), 0);
	tick(TEXT);
	tick(TEXT + 2);
	tick(TEXT + 1000);
	cr_assert_eq(st.ticks, 3);
	cr_assert_eq(st.counted, 2);
}

Test(core, explain_fills_every_field)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x8000), 0);
	tmem_put(&mem, BUF + 6, 2, 41);
	struct prof_explain ex = tick(TEXT + 13);
	cr_assert_eq(ex.outcome, PROF_TICK_COUNTED);
	cr_assert_eq(ex.region, 0);
	cr_assert_eq(ex.offset, TEXT);
	cr_assert_eq(ex.scale, 0x8000);
	cr_assert_eq(ex.d, 13);
	cr_assert_eq(ex.scaled, 6 * 0x8000, "glibc: d/2 * scale");
	cr_assert_eq(ex.index, 3);
	cr_assert_eq(ex.elem, 2);
	cr_assert_eq(ex.bin_addr, BUF + 6);
	cr_assert_eq(ex.old_value, 41);
	cr_assert_eq(ex.new_value, 42);
}

/* ---- svr4: the NEWS-os 5.0.1 seed ----------------------------------------------------------- */

Test(svr4, call_is_void_and_returns_0_whatever_the_arguments)
{
	mem.hole_lo = BUF;
	mem.hole_hi = BUF + 0x100;
	cr_assert_eq(profil(BUF, 64, TEXT, 0x30000), 0);
	cr_assert_eq(profil(0, 1ull << 40, 0, 0x4000), 0);
	cr_assert_eq(profil(BUF, 64, TEXT, 0), 0);
}

Test(svr4, scale_0x4000_maps_8_bytes_per_counter) /* the cc -qp default */
{
	cr_assert_eq(profil(BUF, 32, TEXT, 0x4000), 0);
	check_bytes_per_counter(8, 16);
}

Test(svr4, scale_0x10000_maps_2_bytes_per_counter)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	check_bytes_per_counter(2, 32);
}

Test(svr4, scale_0x8000_maps_4_bytes_per_counter)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x8000), 0);
	check_bytes_per_counter(4, 32);
}

Test(svr4, maximal_scale_0xffff_maps_about_2_bytes_per_counter)
{
	cr_assert_eq(profil(BUF, 256, TEXT, 0xffff), 0);
	for (unsigned d = 0; d < 201; d++)
		tick(TEXT + d);
	/* byte = floor(d * 0xffff / 65536) = d - 1 for 0 < d < 65536: counter 0 takes d = 0, 1, 2 */
	cr_assert_eq(ctr(0), 3);
	for (unsigned i = 1; i < 100; i++)
		cr_assert_eq(ctr(i), 2, "counter %u", i);
}

Test(svr4, minimum_scale_2_maps_65536_bytes_per_counter)
{
	cr_assert_eq(profil(BUF, 8, TEXT, 2), 0);
	cr_assert_eq(tick(TEXT).index, 0);
	cr_assert_eq(tick(TEXT + 65535).index, 0);
	cr_assert_eq(tick(TEXT + 65536).index, 1);
	cr_assert_eq(tick(TEXT + 3 * 65536 + 65535).index, 3);
	cr_assert_eq(tick_outcome(TEXT + 4 * 65536), PROF_TICK_OUT_OF_RANGE);
	cr_assert_eq(ctr(0), 2);
}

Test(svr4, scale_0_turns_profiling_off)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_eq(profil(BUF, 64, TEXT, 0), 0);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
	cr_assert_eq(ctr(0), 0);
}

Test(svr4, scale_1_turns_profiling_off)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_eq(profil(BUF, 64, TEXT, 1), 0);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
}

Test(svr4, bufsiz_0_renders_profiling_ineffective)
{
	cr_assert_eq(profil(BUF, 0, TEXT, 0x10000), 0);
	cr_assert(st.enabled, "ineffective, not off");
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OUT_OF_RANGE);
	cr_assert_eq(ctr(0), 0);
}

Test(svr4, offset_minus_pc_times_scale_indexes_the_histogram)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x4000), 0);
	struct prof_explain ex = tick(TEXT + 100);
	cr_assert_eq(ex.d, 100);
	cr_assert_eq(ex.scaled, 100 * 0x4000);
	cr_assert_eq(ex.index, 100 * 0x4000 / 65536 / 2);
	cr_assert_eq(ctr(12), 1);
}

Test(svr4, pc_below_offset_is_not_counted)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_eq(tick_outcome(TEXT - 2), PROF_TICK_OUT_OF_RANGE);
	cr_assert_eq(tick_outcome(0), PROF_TICK_OUT_OF_RANGE);
}

Test(svr4, counted_while_the_byte_is_below_bufsiz) /* SEMANTICS.md: byte < bufsiz */
{
	cr_assert_eq(profil(BUF, 5, TEXT, 0x10000), 0);
	cr_assert_eq(tick_outcome(TEXT + 2), PROF_TICK_COUNTED);
	cr_assert_eq(tick_outcome(TEXT + 4), PROF_TICK_COUNTED, "byte 4 < 5: counter 2 sticks out");
	cr_assert_eq(tmem_get(&mem, BUF + 4, 2), 1);
	cr_assert_eq(tick_outcome(TEXT + 6), PROF_TICK_OUT_OF_RANGE, "byte 6 >= 5");
}

Test(svr4, scale_is_ratio_times_0200000_and_bufsiz_is_region_times_ratio)
{
	/* RATIO 1/4: scale 0200000/4 = 0x4000; a 64-byte region needs a 16-byte buffer. */
	cr_assert_eq(profil(BUF, 64 / 4, TEXT, 0200000 / 4), 0);
	cr_assert_eq(tick(TEXT + 63).index, 7);
	cr_assert_eq(tick_outcome(TEXT + 64), PROF_TICK_OUT_OF_RANGE);
}

Test(svr4, counter_that_would_exceed_32767_turns_profiling_off) /* DECIDED, illumos */
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	tmem_put(&mem, BUF, 2, 32766);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_COUNTED);
	cr_assert_eq(ctr(0), 32767);
	struct prof_explain ex = tick(TEXT);
	cr_assert_eq(ex.outcome, PROF_TICK_LIMIT_DISABLED);
	cr_assert_eq(ex.old_value, 32767);
	cr_assert_eq(ex.new_value, 32767);
	cr_assert_eq(ctr(0), 32767, "the counter stays at 32767");
	cr_assert_not(st.enabled);
	cr_assert_eq(tick_outcome(TEXT + 2), PROF_TICK_OFF);
}

Test(svr4, update_read_fault_turns_profiling_off_silently)
{
	mem.hole_lo = BUF;
	mem.hole_hi = BUF + 0x100;
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0, "the call does not check the buffer");
	struct prof_explain ex;
	cr_assert_eq(prof_tick(&st, &pm, TEXT, &ex), 0, "silently: no signal");
	cr_assert_eq(ex.outcome, PROF_TICK_FAULT_DISABLED);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
}

Test(svr4, update_write_fault_turns_profiling_off_silently)
{
	mem.ro_lo = BUF;
	mem.ro_hi = BUF + 0x100;
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_eq(tick_outcome(TEXT + 6), PROF_TICK_FAULT_DISABLED);
	cr_assert_not(st.enabled);
}

Test(svr4, bad_buffer_at_call_is_accepted)
{
	cr_assert_eq(profil(0xdead0000, 64, TEXT, 0x10000), 0);
	cr_assert(st.enabled);
}

Test(svr4, scale_above_0x10000_is_accepted)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x20000), 0);
	check_bytes_per_counter(1, 32);
}

Test(svr4, counter_is_16_bits_in_the_guest_byte_order)
{
	restart(4, true);
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	tmem_put(&mem, BUF + 2, 2, 0x00ff);
	tick(TEXT + 2);
	cr_assert_eq(mem.bytes[2], 0x01, "big-endian: high byte first");
	cr_assert_eq(mem.bytes[3], 0x00);
	cr_assert_eq(mem.bytes[4], 0x00, "nothing beyond the 16-bit counter");
}

Test(svr4, d3_scale_0xC000_takes_counter_1)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0xC000), 0);
	cr_assert_eq(tick(TEXT + 3).index, 1, "floor(3*0.75) = 2 -> counter 1; glibc says 0");
}

Test(svr4, agrees_with_glibc_for_even_d_and_power_of_two_scales)
{
	for (uint64_t scale = 2; scale <= 0x10000; scale = scale * 3 + 1)
		for (uint64_t d = 0; d < 4096; d += 2) {
			uint64_t svr4 = (d * scale >> 16) / 2, glibc = (d / 2) * scale >> 16;
			cr_assert_eq(svr4, glibc);
		}
	for (uint64_t scale = 2; scale <= 0x10000; scale *= 2) {
		cr_assert_eq(profil(BUF, 0x1000, TEXT, scale), 0);
		for (uint64_t d = 0; d < 4096; d++)
			cr_assert_eq(tick(TEXT + d).index, (d / 2) * scale >> 16, "scale %#llx d %llu",
				     (unsigned long long)scale, (unsigned long long)d);
	}
}

Test(svr4, huge_d_times_scale_is_exact_and_never_wraps_into_the_buffer)
{
	cr_assert_eq(profil(BUF, 16, 0, 0x10000), 0);
	/* d*scale = 2^79 + 2^18: modulo 2^64 it would be byte 4, counter 2 */
	struct prof_explain ex = tick((1ull << 63) + 4);
	cr_assert_eq(ex.outcome, PROF_TICK_OUT_OF_RANGE);
	cr_assert_eq(ex.scaled, UINT64_MAX, "shown saturated");
	cr_assert_eq(ctr(2), 0);
}

Test(svr4, counts_64_bit_pcs)
{
	cr_assert_eq(profil(BUF, 64, 0x4000000000000000ull, 0x10000), 0);
	cr_assert_eq(tick(0x4000000000000010ull).index, 8);
	cr_assert_eq(tick_outcome(0x3ffffffffffffffeull), PROF_TICK_OUT_OF_RANGE);
}

Test(svr4, pc_and_offset_are_guest_words_on_32_bit_guests)
{
	restart(4, false);
	cr_assert_eq(profil(BUF, 64, 0xffffff00ull, 0x10000), 0);
	cr_assert_eq(tick(0xffffff10ull).index, 8);
	cr_assert_eq(tick(0x1ffffff12ull).index, 9, "the pc is taken modulo 2^32");
}

Test(svr4, a_new_call_replaces_the_previous_profile)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_eq(profil(BUF + 64, 64, 2 * TEXT, 0x10000), 0);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OUT_OF_RANGE);
	cr_assert_eq(tick(2 * TEXT + 2).bin_addr, BUF + 64 + 2);
}

Test(svr4, exec_turns_profiling_off)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	prof_disable(&st);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
}

Test(svr4, fork_keeps_profiling_in_both_each_counting_its_own_copy)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	tick(TEXT);
	struct prof_state child;
	cr_assert_eq(prof_clone(&child, &st), 0);
	static struct tmem child_mem;
	child_mem = mem;
	struct prof_mem cm = tmem_mem(&child_mem);
	struct prof_explain ex;
	cr_assert_eq(prof_tick(&child, &cm, TEXT, &ex), 0);
	cr_assert_eq(ex.outcome, PROF_TICK_COUNTED);
	cr_assert_eq(tmem_get(&child_mem, BUF, 2), 2, "the child's copy");
	cr_assert_eq(ctr(0), 1, "the parent's buffer is untouched");
	tick(TEXT + 2);
	cr_assert_eq(ctr(1), 1, "the parent still counts");
	cr_assert_eq(tmem_get(&child_mem, BUF + 2, 2), 0);
	prof_free(&child);
}

Test(svr4, sprofil_does_not_exist)
{
	cr_assert_eq(prof_sprofil(&st, &pm, PROFP, 1, 0, 0), -ENOSYS);
}

/* ---- bsd: the 4.4BSD seed ------------------------------------------------------------------- */

Test(bsd, bin_is_the_scaled_difference_rounded_down_to_a_counter)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x6000), 0);
	struct prof_explain ex = tick(TEXT + 21);
	cr_assert_eq(ex.scaled, 21 * 0x6000);
	cr_assert_eq(ex.index, (21 * 0x6000 >> 16 & ~1u) / 2);
}

Test(bsd, scale_65536_maps_each_bin_to_2_bytes)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 65536), 0);
	check_bytes_per_counter(2, 32);
}

Test(bsd, scale_32768_gives_4_bytes)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 32768), 0);
	check_bytes_per_counter(4, 32);
}

Test(bsd, scale_16384_gives_8_bytes)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 16384), 0);
	check_bytes_per_counter(8, 32);
}

Test(bsd, scale_1_is_accepted_and_spans_131072_bytes)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 1), 0);
	cr_assert_eq(tick(TEXT + 131071).index, 0);
	cr_assert_eq(tick(TEXT + 131072).index, 1);
}

Test(bsd, scale_0_disables_profiling)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_eq(profil(BUF, 64, TEXT, 0), 0);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
}

Test(bsd, scale_0_with_an_illegal_buffer_is_not_an_error)
{
	cr_assert_eq(profil(0xdead0000, 64, TEXT, 0), 0);
}

Test(bsd, scale_above_65536_is_einval_and_nothing_changes)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_eq(profil(BUF + 64, 64, 0, 0x10001), -EINVAL);
	cr_assert_eq(tick(TEXT + 2).bin_addr, BUF + 2, "the previous profile still counts");
}

Test(bsd, illegal_buffer_is_efault_and_terminates_profiling)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_eq(profil(0xdead0000, 64, TEXT, 0x10000), -EFAULT);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF, "terminated");
}

Test(bsd, buffer_partly_read_only_is_efault)
{
	mem.ro_lo = BUF + 63;
	mem.ro_hi = BUF + 64;
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), -EFAULT);
	cr_assert_eq(profil(BUF, 63, TEXT, 0x10000), 0);
}

Test(bsd, buffer_past_the_top_of_a_32_bit_space_is_efault)
{
	restart(4, false);
	cr_assert_eq(profil(0xfffffff0ull, 0x20, TEXT, 0x10000), -EFAULT);
}

Test(bsd, empty_buffer_contains_no_illegal_address)
{
	cr_assert_eq(profil(0xdead0000, 0, TEXT, 0x10000), 0);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OUT_OF_RANGE);
}

Test(bsd, returns_0_otherwise)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert(st.enabled);
}

Test(bsd, offset_is_the_lowest_address_sampled)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_eq(tick_outcome(TEXT - 1), PROF_TICK_OUT_OF_RANGE);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_COUNTED);
}

Test(bsd, odd_size_lets_the_last_counter_stick_out_one_byte)
{
	cr_assert_eq(profil(BUF, 5, TEXT, 0x10000), 0);
	struct prof_explain ex = tick(TEXT + 4);
	cr_assert_eq(ex.outcome, PROF_TICK_COUNTED, "byte 4 < 5: 4.4BSD counts it");
	cr_assert_eq(tmem_get(&mem, BUF + 4, 2), 1);
	cr_assert_eq(tick_outcome(TEXT + 6), PROF_TICK_OUT_OF_RANGE);
}

Test(bsd, counter_sticking_out_into_an_unmapped_byte_faults_and_turns_off)
{
	mem.hole_lo = BUF + 5;
	mem.hole_hi = BUF + 6;
	cr_assert_eq(profil(BUF, 5, TEXT, 0x10000), 0, "the 5 bytes are writable");
	cr_assert_eq(tick_outcome(TEXT + 4), PROF_TICK_FAULT_DISABLED);
	cr_assert_not(st.enabled);
}

Test(bsd, counter_wraps_at_16_bits)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	tmem_put(&mem, BUF, 2, 0xffff);
	struct prof_explain ex = tick(TEXT);
	cr_assert_eq(ex.outcome, PROF_TICK_COUNTED);
	cr_assert_eq(ctr(0), 0);
}

Test(bsd, update_fault_turns_profiling_off_silently)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	mem.hole_lo = BUF;	/* unmapped after the call */
	mem.hole_hi = BUF + 64;
	struct prof_explain ex;
	cr_assert_eq(prof_tick(&st, &pm, TEXT, &ex), 0);
	cr_assert_eq(ex.outcome, PROF_TICK_FAULT_DISABLED);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
}

Test(bsd, d3_scale_0xC000_takes_counter_1)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0xC000), 0);
	cr_assert_eq(tick(TEXT + 3).index, 1);
}

Test(bsd, counter_is_16_bits_in_the_guest_byte_order)
{
	restart(8, true);
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	tmem_put(&mem, BUF, 2, 0x01ff);
	tick(TEXT);
	cr_assert_eq(mem.bytes[0], 0x02);
	cr_assert_eq(mem.bytes[1], 0x00);
}

Test(bsd, exec_turns_profiling_off)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	prof_disable(&st);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
}

Test(bsd, fork_keeps_profiling_in_the_child)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	struct prof_state child;
	cr_assert_eq(prof_clone(&child, &st), 0);
	cr_assert(child.enabled);
	struct prof_explain ex;
	cr_assert_eq(prof_tick(&child, &pm, TEXT + 4, &ex), 0);
	cr_assert_eq(ex.bin_addr, BUF + 4);
	cr_assert_eq(child.ticks, 1);
	prof_free(&child);
}

Test(bsd, sprofil_does_not_exist)
{
	cr_assert_eq(prof_sprofil(&st, &pm, PROFP, 1, 0, 0), -ENOSYS);
}

/* ---- linux: the Linux 0.99 seed with glibc's arithmetic ------------------------------------- */

Test(linux, index_is_half_the_difference_times_scale_over_65536)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x6000), 0);
	struct prof_explain ex = tick(TEXT + 21);
	cr_assert_eq(ex.scaled, 10 * 0x6000);
	cr_assert_eq(ex.index, 10 * 0x6000 >> 16);
}

Test(linux, scale_0x10000_maps_2_bytes_per_counter)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	check_bytes_per_counter(2, 32);
}

Test(linux, scale_0x8000_maps_4_bytes_per_counter)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x8000), 0);
	check_bytes_per_counter(4, 32);
}

Test(linux, scale_0x4000_maps_8_bytes_per_counter)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x4000), 0);
	check_bytes_per_counter(8, 32);
}

Test(linux, scale_below_2_disables_profiling)
{
	for (uint64_t scale = 0; scale < 2; scale++) {
		cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
		cr_assert_eq(profil(BUF, 64, TEXT, scale), 0);
		cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
	}
}

Test(linux, bufsiz_0_disables_profiling)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_eq(profil(BUF, 0, TEXT, 0x10000), 0);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
}

Test(linux, null_buffer_disables_profiling) /* glibc */
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_eq(profil(0, 64, TEXT, 0x10000), 0);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
}

Test(linux, always_returns_0)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_eq(profil(BUF, 64, TEXT, 0), 0);
	cr_assert_eq(profil(BUF, 64, TEXT, 0xffffffff), 0);
}

Test(linux, scale_above_0x10000_is_accepted)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x20000), 0);
	cr_assert_eq(tick(TEXT + 6).index, 6, "d/2 * 2");
}

Test(linux, invalid_buffer_produces_a_core_dump)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_eq(profil(0xdead0000, 64, TEXT, 0x8000), PROF_RAISE_SIGSEGV);
	cr_assert_eq(tick(TEXT + 2).bin_addr, BUF + 2, "the call had no other effect");
}

Test(linux, update_fault_raises_sigsegv_and_profiling_stays)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	mem.ro_lo = BUF;
	mem.ro_hi = BUF + 64;
	struct prof_explain ex;
	cr_assert_eq(prof_tick(&st, &pm, TEXT, &ex), PROF_RAISE_SIGSEGV);
	cr_assert_eq(ex.outcome, PROF_TICK_SIGSEGV);
	cr_assert(st.enabled);
	mem.ro_hi = 0;
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_COUNTED);
}

Test(linux, counter_wraps_at_16_bits)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	tmem_put(&mem, BUF, 2, 0xffff);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_COUNTED);
	cr_assert_eq(ctr(0), 0);
}

Test(linux, counts_while_the_index_is_below_bufsiz_over_2)
{
	cr_assert_eq(profil(BUF, 5, TEXT, 0x10000), 0);
	cr_assert_eq(tick_outcome(TEXT + 3), PROF_TICK_COUNTED);
	cr_assert_eq(tick_outcome(TEXT + 4), PROF_TICK_OUT_OF_RANGE);
}

Test(linux, pc_below_offset_is_out_of_range)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	struct prof_explain ex = tick(TEXT - 2);
	cr_assert_eq(ex.outcome, PROF_TICK_OUT_OF_RANGE);
	cr_assert_eq(ex.d, (uint64_t)-2, "d is huge");
}

Test(linux, pc_below_offset_wraps_into_a_huge_buffer_on_32_bit_as_in_glibc)
{
	restart(4, false);
	/* d = 2^32 - 4: index = (2^31 - 2) * 2 / 65536 = 65535 < 0x20000 / 2 */
	cr_assert_eq(profil(BUF, 0x20000, 0x1000, 2), PROF_RAISE_SIGSEGV, "buffer larger than memory");
	mem.size = 0x10000;
	st.enabled = false;
	struct prof_region r = { BUF, 0x20000, 0x1000, 2 };
	/* enable without the call's buffer check, to look at the arithmetic alone */
	st.regions[0] = r;
	st.count = 1;
	st.profil_style = true;
	st.enabled = true;
	struct prof_explain ex;
	cr_assert_eq(prof_tick(&st, &pm, 0xffc, &ex), PROF_RAISE_SIGSEGV);
	cr_assert_eq(ex.index, 65535, "in range: the bin is past the test memory");
}

Test(linux, d3_scale_0xC000_takes_counter_0)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0xC000), 0);
	cr_assert_eq(tick(TEXT + 3).index, 0, "floor(1 * 0.75) = 0; bsd and svr4 say 1");
}

Test(linux, counter_is_16_bits_in_the_guest_byte_order)
{
	restart(4, true);
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	tick(TEXT + 2);
	cr_assert_eq(mem.bytes[2], 0x00);
	cr_assert_eq(mem.bytes[3], 0x01);
}

Test(linux, exec_turns_profiling_off)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	prof_disable(&st);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
}

Test(linux, fork_keeps_profiling_in_the_child)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	struct prof_state child;
	cr_assert_eq(prof_clone(&child, &st), 0);
	cr_assert(child.enabled, "unlike real glibc, whose child loses it");
	prof_free(&child);
}

/* glibc's sprofil */

static const struct prof_region R_A = { BUF, 64, TEXT, 0x10000 };

Test(linux, sprofil_prof_ushort_counts_16_bit_elements)
{
	cr_assert_eq(sprof(&R_A, 1, 0, PROF_USHORT), 0);
	struct prof_explain ex = tick(TEXT + 6);
	cr_assert_eq(ex.elem, 2);
	cr_assert_eq(ex.bin_addr, BUF + 6);
}

Test(linux, sprofil_prof_uint_counts_32_bit_elements)
{
	cr_assert_eq(sprof(&R_A, 1, 0, PROF_UINT), 0);
	struct prof_explain ex = tick(TEXT + 6);
	cr_assert_eq(ex.elem, 4);
	cr_assert_eq(ex.index, 1, "6/4 * 1.0");
	cr_assert_eq(ex.bin_addr, BUF + 4);
	cr_assert_eq(elem(BUF, 4, 1), 1);
}

Test(linux, sprofil_prof_fast_and_unknown_bits_have_no_effect)
{
	cr_assert_eq(sprof(&R_A, 1, 0, PROF_FAST | 0x100), 0);
	cr_assert_eq(tick(TEXT + 6).elem, 2);
	cr_assert_eq(sprof(NULL, 0, 0, 0), 0);
	cr_assert_eq(sprof(&R_A, 1, 0, PROF_UINT | PROF_FAST), 0);
	cr_assert_eq(tick(TEXT + 6).elem, 4);
}

Test(linux, sprofil_has_no_prof_uint64)
{
	cr_assert_eq(sprof(&R_A, 1, 0, PROF_UINT64), 0);
	cr_assert_eq(tick(TEXT).elem, 2);
}

Test(linux, sprofil_call_while_active_disables_and_ignores_its_arguments)
{
	cr_assert_eq(sprof(&R_A, 1, 0, 0), 0);
	struct prof_region b = { BUF + 64, 64, 2 * TEXT, 0x10000 };
	cr_assert_eq(sprof(&b, 1, 0, 0), 0);
	cr_assert_eq(tick_outcome(2 * TEXT), PROF_TICK_OFF);
	cr_assert_eq(sprof(&b, 1, 0, 0), 0, "now it enables");
	cr_assert_eq(tick(2 * TEXT).bin_addr, BUF + 64);
}

Test(linux, sprofil_profcnt_0_enables_nothing)
{
	cr_assert_eq(sprof(NULL, 0, 0, 0), 0);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
}

Test(linux, sprofil_sizes_are_not_validated)
{
	struct prof_region r[] = { { BUF, 0, TEXT, 0x10000 }, { BUF + 64, 5, 2 * TEXT, 0x10000 } };
	cr_assert_eq(sprof(r, 2, 0, PROF_UINT), 0);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OUT_OF_RANGE, "size 0: never counts");
	cr_assert_eq(tick_outcome(2 * TEXT + 3), PROF_TICK_COUNTED, "5/4 = one element");
	cr_assert_eq(tick_outcome(2 * TEXT + 4), PROF_TICK_OUT_OF_RANGE);
}

Test(linux, sprofil_struct_is_four_guest_words)
{
	for (unsigned w = 4; w <= 8; w += 4)
		for (int be = 0; be < 2; be++) {
			restart(w, be);
			memset(mem.bytes + (PROFP - BUF), 0xee, 64);
			cr_assert_eq(sprof(&R_A, 1, 0, 0), 0);
			cr_assert_eq(st.regions[0].base, R_A.base);
			cr_assert_eq(st.regions[0].size, R_A.size);
			cr_assert_eq(st.regions[0].offset, R_A.offset);
			cr_assert_eq(st.regions[0].scale, R_A.scale);
		}
}

Test(linux, sprofil_pr_scale_is_a_whole_unsigned_long)
{
	struct prof_region r = { BUF, 64, TEXT, 0x100000000ull };
	cr_assert_eq(sprof(&r, 1, 0, 0), 0);
	cr_assert_eq(tick(TEXT).outcome, PROF_TICK_COUNTED);
	cr_assert_eq(tick_outcome(TEXT + 2), PROF_TICK_OUT_OF_RANGE, "d/2 * 2^32 / 65536 = 65536");
}

Test(linux, sprofil_scale_0_or_1_entries_are_skipped)
{
	struct prof_region r[] = { { BUF, 64, TEXT, 0 }, { BUF, 64, TEXT, 1 } };
	cr_assert_eq(sprof(r, 2, 0, 0), 0);
	cr_assert_eq(st.count, 0);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF, "nothing to count into");
}

Test(linux, sprofil_overflow_bin_may_be_anywhere_and_the_last_wins)
{
	struct prof_region r[] = { { BUF + 100, 2, 0, 2 }, R_A, { BUF + 200, 2, 0, 2 } };
	cr_assert_eq(sprof(r, 3, 0, 0), 0);
	struct prof_explain ex = tick(0x1234);
	cr_assert_eq(ex.region, -2);
	cr_assert_eq(ex.bin_addr, BUF + 200);
	cr_assert_eq(tmem_get(&mem, BUF + 100, 2), 0);
}

Test(linux, sprofil_without_overflow_bin_unmatched_pcs_are_dropped)
{
	cr_assert_eq(sprof(&R_A, 1, 0, 0), 0);
	cr_assert_eq(tick_outcome(0x1234), PROF_TICK_OUT_OF_RANGE);
}

Test(linux, sprofil_regions_may_come_in_any_order)
{
	struct prof_region r[] = { { BUF + 64, 64, 2 * TEXT, 0x10000 }, R_A };
	cr_assert_eq(sprof(r, 2, 0, 0), 0);
	cr_assert_eq(tick(TEXT + 2).bin_addr, BUF + 2);
	cr_assert_eq(tick(2 * TEXT + 2).bin_addr, BUF + 64 + 2);
}

Test(linux, sprofil_overlap_the_higher_offset_wins)
{
	struct prof_region r[] = { { BUF + 256, 64, TEXT + 16, 0x10000 }, { BUF, 256, TEXT, 0x10000 } };
	cr_assert_eq(sprof(r, 2, 0, 0), 0);
	cr_assert_eq(tick(TEXT + 14).bin_addr, BUF + 14);
	cr_assert_eq(tick(TEXT + 16).bin_addr, BUF + 256, "both take it: the higher offset wins");
	cr_assert_eq(tick(TEXT + 16 + 64).bin_addr, BUF + 80, "past the upper region: the lower");
}

Test(linux, sprofil_overlap_equal_offsets_the_later_entry_wins)
{
	struct prof_region r[] = { R_A, { BUF + 64, 8, TEXT, 0x10000 } };
	cr_assert_eq(sprof(r, 2, 0, 0), 0);
	cr_assert_eq(tick(TEXT + 2).bin_addr, BUF + 64 + 2);
	cr_assert_eq(tick(TEXT + 8).bin_addr, BUF + 8, "beyond the later entry: the earlier");
}

Test(linux, sprofil_index_is_d_in_elements_times_scale)
{
	struct prof_region r = { BUF, 64, TEXT, 0xC000 };
	cr_assert_eq(sprof(&r, 1, 0, PROF_UINT), 0);
	struct prof_explain ex = tick(TEXT + 11);
	cr_assert_eq(ex.scaled, 2 * 0xC000);
	cr_assert_eq(ex.index, 1);
}

Test(linux, sprofil_regions_saturate)
{
	cr_assert_eq(sprof(&R_A, 1, 0, 0), 0);
	tmem_put(&mem, BUF, 2, 0xffff);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_SATURATED);
	cr_assert_eq(ctr(0), 0xffff);
	cr_assert_eq(sprof(NULL, 0, 0, 0), 0);
	cr_assert_eq(sprof(&R_A, 1, 0, PROF_UINT), 0);
	tmem_put(&mem, BUF, 4, 0xffffffff);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_SATURATED);
}

Test(linux, sprofil_overflow_bin_wraps)
{
	struct prof_region r[] = { R_A, { BUF + 200, 2, 0, 2 } };
	cr_assert_eq(sprof(r, 2, 0, 0), 0);
	tmem_put(&mem, BUF + 200, 2, 0xffff);
	cr_assert_eq(tick_outcome(0x10), PROF_TICK_COUNTED);
	cr_assert_eq(tmem_get(&mem, BUF + 200, 2), 0);
}

Test(linux, sprofil_update_fault_raises_sigsegv)
{
	struct prof_region r[] = { { 0xdead0000, 64, TEXT, 0x10000 }, { 0xdead0000, 2, 0, 2 } };
	cr_assert_eq(sprof(r, 2, 0, 0), 0, "no validation");
	struct prof_explain ex;
	cr_assert_eq(prof_tick(&st, &pm, TEXT, &ex), PROF_RAISE_SIGSEGV);
	cr_assert_eq(ex.outcome, PROF_TICK_SIGSEGV);
	cr_assert_eq(prof_tick(&st, &pm, 0x10, &ex), PROF_RAISE_SIGSEGV, "the overflow bin too");
	cr_assert(st.enabled);
}

Test(linux, sprofil_tvp_receives_one_tick_even_when_disabling)
{
	restart(4, true);
	tmem_put(&mem, TVP, 4, 77);
	cr_assert_eq(sprof(&R_A, 1, TVP, 0), 0);
	cr_assert_eq(tmem_get(&mem, TVP, 4), 0);
	cr_assert_eq(tmem_get(&mem, TVP + 4, 4), 10000, "10 ms: the seed's tick at hz 100");
	tmem_put(&mem, TVP + 4, 4, 0);
	cr_assert_eq(sprof(NULL, 0, TVP, 0), 0);
	cr_assert_eq(tmem_get(&mem, TVP + 4, 4), 10000);
}

Test(linux, sprofil_unwritable_tvp_raises_sigsegv)
{
	mem.ro_lo = TVP;
	mem.ro_hi = TVP + 16;
	cr_assert_eq(sprof(&R_A, 1, TVP, 0), PROF_RAISE_SIGSEGV);
	cr_assert_not(st.enabled);
}

Test(linux, sprofil_more_than_profil_max_regions_is_e2big) /* DECIDED */
{
	restart(8, false);
	st.cfg.profil_max = 2;
	struct prof_region r[] = { R_A, R_A, R_A };
	cr_assert_eq(sprof(r, 3, 0, 0), -E2BIG);
	cr_assert_eq(prof_sprofil(&st, &pm, PROFP, -1, 0, 0), -E2BIG);
	cr_assert_eq(sprof(r, 2, 0, 0), 0);
}

Test(linux, sprofil_unreadable_profp_raises_sigsegv_and_changes_nothing)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_eq(prof_sprofil(&st, &pm, 0xdead0000, 2, 0, 0), PROF_RAISE_SIGSEGV);
	cr_assert_eq(tick(TEXT + 2).bin_addr, BUF + 2, "profil's profile still counts");
	cr_assert_eq(st.regions[0].base, BUF);
}

Test(linux, sprofil_replaces_profil_and_profil_replaces_sprofil)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	struct prof_region b = { BUF + 64, 64, 2 * TEXT, 0x10000 };
	cr_assert_eq(sprof(&b, 1, 0, 0), 0, "enables: profil's counting is not sprofil's");
	cr_assert_eq(tick(2 * TEXT).bin_addr, BUF + 64);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OUT_OF_RANGE);
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_eq(tick(TEXT).bin_addr, BUF);
}

/* ---- hpux: the HP-UX 11i v2 sprofil seed ---------------------------------------------------- */

static const struct prof_region H_A = { BUF, 64, TEXT, 0x10000 };

Test(hpux, flags_must_be_exactly_prof_ushort_prof_uint_or_prof_uint64)
{
	static const uint64_t bad[] = { 2, 3, 5, 6, 8, 0x100 };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		cr_assert_eq(sprof(&H_A, 1, 0, bad[i]), -EINVAL, "flags %llu", (unsigned long long)bad[i]);
	cr_assert_eq(sprof(&H_A, 1, 0, PROF_USHORT), 0);
	cr_assert_eq(sprof(&H_A, 1, 0, PROF_UINT), 0);
	cr_assert_eq(sprof(&H_A, 1, 0, PROF_UINT64), 0);
}

Test(hpux, elements_are_2_4_or_8_bytes_as_flags_say)
{
	static const struct { uint64_t flags; unsigned es; } f[] = { { PROF_USHORT, 2 }, { PROF_UINT, 4 },
								     { PROF_UINT64, 8 } };
	for (int i = 0; i < 3; i++) {
		memset(mem.bytes, 0, 64);
		cr_assert_eq(sprof(&H_A, 1, 0, f[i].flags), 0);
		struct prof_explain ex = tick(TEXT + 9);
		cr_assert_eq(ex.elem, f[i].es);
		cr_assert_eq(ex.bin_addr, BUF + 9 / f[i].es * f[i].es);
		cr_assert_eq(elem(BUF, f[i].es, 9 / f[i].es), 1);
	}
}

Test(hpux, profcnt_0_disables_profiling)
{
	cr_assert_eq(sprof(&H_A, 1, 0, 0), 0);
	cr_assert_eq(prof_sprofil(&st, &pm, 0, 0, 0, 0), 0);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
}

Test(hpux, profcnt_negative_is_e2big) /* DECIDED: 0 disables, < 0 is E2BIG */
{
	cr_assert_eq(prof_sprofil(&st, &pm, PROFP, -1, 0, 0), -E2BIG);
}

Test(hpux, profcnt_above_profil_max_is_e2big)
{
	st.cfg.profil_max = 2;
	struct prof_region r[] = { H_A, { BUF + 64, 64, 2 * TEXT, 0x10000 }, { BUF + 128, 2, 0, 2 } };
	cr_assert_eq(sprof(r, 3, 0, 0), -E2BIG);
	cr_assert_eq(sprof(r, 2, 0, 0), 0, "profil_max itself is allowed");
}

Test(hpux, tvp_receives_the_time_of_one_clock_tick)
{
	cr_assert_eq(sprof(&H_A, 1, TVP, 0), 0);
	cr_assert_eq(tmem_get(&mem, TVP, 8), 0);
	cr_assert_eq(tmem_get(&mem, TVP + 8, 8), 10000);
	restart(4, true);
	st.cfg.tick_usec = 1500000;
	cr_assert_eq(sprof(&H_A, 1, TVP, 0), 0);
	cr_assert_eq(tmem_get(&mem, TVP, 4), 1);
	cr_assert_eq(tmem_get(&mem, TVP + 4, 4), 500000);
}

Test(hpux, tvp_at_an_illegal_address_is_efault)
{
	cr_assert_eq(sprof(&H_A, 1, 0xdead0000, 0), -EFAULT);
	cr_assert_not(st.enabled);
}

Test(hpux, profp_at_an_illegal_address_is_efault)
{
	cr_assert_eq(prof_sprofil(&st, &pm, 0xdead0000, 1, 0, 0), -EFAULT);
	mem.hole_lo = PROFP + 32 + 24;	/* the second entry's pr_scale */
	mem.hole_hi = PROFP + 32 + 28;
	struct prof_region r[] = { H_A, H_A };
	cr_assert_eq(sprof(r, 2, 0, 0), -EFAULT);
}

Test(hpux, pr_size_zero_is_einval)
{
	struct prof_region r = { BUF, 0, TEXT, 0x10000 };
	cr_assert_eq(sprof(&r, 1, 0, 0), -EINVAL);
}

Test(hpux, pr_size_not_a_multiple_of_the_element_is_einval)
{
	struct prof_region r = { BUF, 6, TEXT, 0x10000 };
	cr_assert_eq(sprof(&r, 1, 0, PROF_UINT), -EINVAL);
	cr_assert_eq(sprof(&r, 1, 0, PROF_USHORT), 0);
}

Test(hpux, pr_size_above_2_46_times_scale_over_65536_is_einval)
{
	/* The limit is scale * 2^30: below 2^32 (pr_size's range) only for scales 2 and 3. */
	struct prof_region r = { BUF, 0xc0000008, TEXT, 3 };
	cr_assert_eq(sprof(&r, 1, 0, PROF_UINT64), -EINVAL);
	r.size = 0xc0000000;
	cr_assert_eq(sprof(&r, 1, 0, PROF_UINT64), 0, "exactly the limit");
	r.scale = 2;
	r.size = (1ull << 31) + 8;
	cr_assert_eq(sprof(&r, 1, 0, PROF_UINT64), -EINVAL);
	/* profil's bufsiz is a whole size_t. */
	cr_assert_eq(profil(BUF, (1ull << 44) + 2, TEXT, 0x4000), -EINVAL);
	cr_assert_eq(profil(BUF, 1ull << 44, TEXT, 0x4000), 0);
}

Test(hpux, pc_falls_in_a_region_while_the_scaled_difference_is_below_pr_size)
{
	struct prof_region r = { BUF, 12, TEXT, 0x8000 };
	cr_assert_eq(sprof(&r, 1, 0, 0), 0);
	struct prof_explain ex = tick(TEXT + 23);
	cr_assert_eq(ex.outcome, PROF_TICK_COUNTED, "23 * 0.5 = 11 < 12");
	cr_assert_eq(ex.bin_addr, BUF + 10);
	cr_assert_eq(tick_outcome(TEXT + 24), PROF_TICK_OUT_OF_RANGE);
	cr_assert_eq(tick_outcome(TEXT - 1), PROF_TICK_OUT_OF_RANGE);
}

Test(hpux, offset_is_rounded_down_to_the_element_size)
{
	cr_assert_eq(sprof(&H_A, 1, 0, PROF_UINT64), 0);
	for (unsigned d = 0; d < 8; d++)
		cr_assert_eq(tick(TEXT + d).bin_addr, BUF);
	cr_assert_eq(elem(BUF, 8, 0), 8);
}

Test(hpux, increment_saturates_prof_ushort)
{
	cr_assert_eq(sprof(&H_A, 1, 0, PROF_USHORT), 0);
	tmem_put(&mem, BUF, 2, 0xfffe);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_COUNTED);
	struct prof_explain ex = tick(TEXT);
	cr_assert_eq(ex.outcome, PROF_TICK_SATURATED);
	cr_assert_eq(ex.new_value, 0xffff);
	cr_assert_eq(ctr(0), 0xffff);
	cr_assert(st.enabled);
}

Test(hpux, increment_saturates_prof_uint)
{
	cr_assert_eq(sprof(&H_A, 1, 0, PROF_UINT), 0);
	tmem_put(&mem, BUF, 4, 0xffffffff);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_SATURATED);
	cr_assert_eq(elem(BUF, 4, 0), 0xffffffff);
}

Test(hpux, increment_saturates_prof_uint64)
{
	cr_assert_eq(sprof(&H_A, 1, 0, PROF_UINT64), 0);
	tmem_put(&mem, BUF, 8, UINT64_MAX - 1);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_COUNTED);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_SATURATED);
	cr_assert_eq(elem(BUF, 8, 0), UINT64_MAX);
}

Test(hpux, invalid_address_silently_disables_profiling)
{
	struct prof_region r = { 0xdead0000, 64, TEXT, 0x10000 };
	cr_assert_eq(sprof(&r, 1, 0, 0), 0, "buffers are not checked by the call");
	struct prof_explain ex;
	cr_assert_eq(prof_tick(&st, &pm, TEXT, &ex), 0);
	cr_assert_eq(ex.outcome, PROF_TICK_FAULT_DISABLED);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
}

Test(hpux, regions_not_sorted_ascending_by_offset_are_einval)
{
	struct prof_region r[] = { { BUF + 64, 64, 2 * TEXT, 0x10000 }, H_A };
	cr_assert_eq(sprof(r, 2, 0, 0), -EINVAL);
}

Test(hpux, overlapping_regions_are_einval)
{
	struct prof_region r[] = { H_A, { BUF + 64, 64, TEXT + 62, 0x10000 } };
	cr_assert_eq(sprof(r, 2, 0, 0), -EINVAL, "H_A covers 64 bytes of text");
	r[1].offset = TEXT + 64;
	cr_assert_eq(sprof(r, 2, 0, 0), 0, "adjacent regions do not overlap");
	r[0].scale = 0x9000;	/* 64 bytes at 0x9000/65536: ceil(64*65536/0x9000) = 114 */
	r[1].offset = TEXT + 113;
	cr_assert_eq(sprof(r, 2, 0, 0), -EINVAL);
	r[1].offset = TEXT + 114;
	cr_assert_eq(sprof(r, 2, 0, 0), 0);
	cr_assert_eq(tick(TEXT + 113).bin_addr, BUF + 62);
	cr_assert_eq(tick(TEXT + 114).bin_addr, BUF + 64);
}

Test(hpux, equal_offsets_overlap_so_the_description_rule_is_never_reached)
{
	struct prof_region r[] = { H_A, { BUF + 64, 64, TEXT, 0x10000 } };
	cr_assert_eq(sprof(r, 2, 0, 0), -EINVAL);
}

Test(hpux, scale_0_or_1_entry_is_ignored_and_not_validated) /* DECIDED */
{
	struct prof_region r[] = { { 0, 3, TEXT + 8, 0 }, H_A, { 0, 0, 0, 1 } };
	cr_assert_eq(sprof(r, 3, 0, 0), 0, "unsorted, bad sizes: ignored");
	cr_assert_eq(st.count, 1);
	cr_assert_eq(tick(TEXT + 8).bin_addr, BUF + 8);
}

Test(hpux, overflow_descriptor_catches_every_pc_no_region_takes)
{
	struct prof_region r[] = { H_A, { BUF + 200, 2, 0, 2 } };
	cr_assert_eq(sprof(r, 2, 0, 0), 0);
	struct prof_explain ex = tick(TEXT + 64);
	cr_assert_eq(ex.region, -2);
	cr_assert_eq(ex.bin_addr, BUF + 200);
	tick(0);
	tick(TEXT - 1);
	cr_assert_eq(tmem_get(&mem, BUF + 200, 2), 3);
	cr_assert_eq(tick(TEXT).bin_addr, BUF);
}

Test(hpux, overflow_descriptor_saturates)
{
	struct prof_region r[] = { H_A, { BUF + 200, 4, 0, 2 } };
	cr_assert_eq(sprof(r, 2, 0, PROF_UINT), 0);
	tmem_put(&mem, BUF + 200, 4, 0xffffffff);
	cr_assert_eq(tick_outcome(0), PROF_TICK_SATURATED);
}

Test(hpux, overflow_descriptor_must_be_one_element_long)
{
	struct prof_region r[] = { H_A, { BUF + 200, 4, 0, 2 } };
	cr_assert_eq(sprof(r, 2, 0, PROF_USHORT), -EINVAL);
	cr_assert_eq(sprof(r, 2, 0, PROF_UINT), 0);
}

Test(hpux, overflow_descriptor_not_last_is_einval)
{
	struct prof_region r[] = { { BUF + 200, 2, 0, 2 }, H_A };
	cr_assert_eq(sprof(r, 2, 0, 0), -EINVAL);
}

Test(hpux, overflow_descriptor_alone_takes_every_pc)
{
	struct prof_region r = { BUF + 200, 2, 0, 2 };
	cr_assert_eq(sprof(&r, 1, 0, 0), 0);
	cr_assert_eq(tick(0x12345678).region, -2);
}

Test(hpux, each_call_disables_then_enables_the_new_regions)
{
	cr_assert_eq(sprof(&H_A, 1, 0, 0), 0);
	struct prof_region b = { BUF + 64, 64, 2 * TEXT, 0x10000 };
	cr_assert_eq(sprof(&b, 1, 0, 0), 0);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OUT_OF_RANGE);
	cr_assert_eq(tick(2 * TEXT).bin_addr, BUF + 64);
}

Test(hpux, after_an_error_profiling_stays_disabled) /* DECIDED */
{
	cr_assert_eq(sprof(&H_A, 1, 0, 0), 0);
	cr_assert_eq(sprof(&H_A, 1, 0, 3), -EINVAL);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
}

/* The seed's tables: instructions (PA-RISC, 4 bytes) or bundles (Itanium, 16 bytes) per element,
 * num/den. Ticks at successive instructions: instruction j must land in element j*den/num. */
struct table_row { uint64_t scale; uint64_t flags; unsigned num, den; };

static void check_table_row(uint64_t offset, unsigned insn, struct table_row row)
{
	unsigned es = row.flags == PROF_USHORT ? 2 : row.flags == PROF_UINT ? 4 : 8;
	struct prof_region r = { BUF, 64 * es, offset, row.scale };
	cr_assert_eq(sprof(&r, 1, 0, row.flags), 0);
	unsigned n = 2 * row.num / row.den + 3;	/* a little over two elements' worth */
	for (unsigned j = 0; j < n; j++) {
		struct prof_explain ex = tick(offset + (uint64_t)insn * j);
		cr_assert_eq(ex.outcome, PROF_TICK_COUNTED);
		cr_assert_eq(ex.index, (uint64_t)j * row.den / row.num, "scale %llu flags %llu insn %u",
			     (unsigned long long)row.scale, (unsigned long long)row.flags, j);
	}
	if (row.num >= row.den)
		cr_assert_eq(elem(BUF, es, 0), row.num / row.den, "instructions in element 0");
}

Test(hpux, parisc_table_instructions_per_element)
{
	static const struct table_row rows[] = {
		{ 2, PROF_USHORT, 16384, 1 },	{ 2, PROF_UINT, 32768, 1 },	{ 2, PROF_UINT64, 65536, 1 },
		{ 8, PROF_UINT, 8192, 1 },	{ 256, PROF_UINT64, 512, 1 },	{ 4096, PROF_USHORT, 8, 1 },
		{ 16384, PROF_UINT, 4, 1 },	{ 32768, PROF_USHORT, 1, 1 },	{ 32768, PROF_UINT64, 4, 1 },
		{ 65536, PROF_USHORT, 1, 2 },	{ 65536, PROF_UINT, 1, 1 },	{ 65536, PROF_UINT64, 2, 1 },
		{ 131072, PROF_USHORT, 1, 4 },	{ 131072, PROF_UINT, 1, 2 },	{ 131072, PROF_UINT64, 1, 1 },
	};
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		memset(mem.bytes, 0, 1024);
		check_table_row(0x4000, 4, rows[i]);
	}
}

Test(hpux, itanium_table_bundles_per_element)
{
	static const struct table_row rows[] = {
		{ 2, PROF_USHORT, 4096, 1 },	{ 2, PROF_UINT64, 16384, 1 },	{ 64, PROF_UINT, 256, 1 },
		{ 1024, PROF_UINT, 16, 1 },	{ 8192, PROF_USHORT, 1, 1 },	{ 8192, PROF_UINT64, 4, 1 },
		{ 16384, PROF_USHORT, 1, 2 },	{ 16384, PROF_UINT, 1, 1 },	{ 32768, PROF_USHORT, 1, 4 },
		{ 32768, PROF_UINT, 1, 2 },	{ 32768, PROF_UINT64, 1, 1 },
	};
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		memset(mem.bytes, 0, 1024);
		check_table_row(0x4000000000000000ull, 16, rows[i]);
	}
}

Test(hpux, struct_prof_is_16_bytes_on_32_bit_guests)
{
	restart(4, true);
	struct prof_region r[] = { H_A, { BUF + 64, 64, 2 * TEXT, 0x8000 } };
	cr_assert_eq(sprof(r, 2, 0, 0), 0);
	cr_assert_eq(tmem_get(&mem, PROFP + 16 + 8, 4), 2 * TEXT, "entry 1's pr_offset");
	cr_assert_eq(st.regions[1].scale, 0x8000);
}

Test(hpux, struct_prof_is_32_bytes_with_padding_on_64_bit_guests)
{
	for (int be = 0; be < 2; be++) {
		restart(8, be);
		memset(mem.bytes + (PROFP - BUF), 0xee, 64);	/* padding holds garbage */
		struct prof_region r[] = { H_A, { BUF + 64, 64, 0x4000000000000000ull, 0x8000 } };
		cr_assert_eq(sprof(r, 2, 0, 0), 0);
		cr_assert_eq(st.regions[0].size, 64);
		cr_assert_eq(st.regions[1].offset, 0x4000000000000000ull);
		cr_assert_eq(st.regions[1].scale, 0x8000);
		cr_assert_eq(tick(0x4000000000000008ull).bin_addr, BUF + 64 + 4);
	}
}

Test(hpux, profil_is_sprofil_of_one_region_with_prof_ushort)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_not(st.profil_style, "sprofil arithmetic");
	tmem_put(&mem, BUF + 2, 2, 0xffff);
	cr_assert_eq(tick_outcome(TEXT + 2), PROF_TICK_SATURATED, "u16, saturating");
	cr_assert_eq(tick(TEXT + 4).elem, 2);
}

Test(hpux, profil_takes_sprofils_checks_and_errors)
{
	cr_assert_eq(profil(BUF, 0, TEXT, 0x10000), -EINVAL, "pr_size 0");
	cr_assert_eq(profil(BUF, 5, TEXT, 0x10000), -EINVAL, "not a multiple of 2");
	cr_assert_eq(profil(BUF, 2, 0, 2), 0, "offset 0 scale 2: the overflow descriptor");
	cr_assert_eq(tick(0x999).region, -2);
	cr_assert_eq(profil(BUF, 8, 0, 2), -EINVAL, "an overflow descriptor of 4 elements");
	cr_assert_eq(profil(0xdead0000, 64, TEXT, 0x10000), 0, "buffers are checked by the tick");
	st.cfg.profil_max = 0;
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), -E2BIG);
}

Test(hpux, profil_scale_0_or_1_turns_profiling_off)
{
	cr_assert_eq(profil(BUF, 64, TEXT, 0x10000), 0);
	cr_assert_eq(profil(BUF, 64, TEXT, 0), 0);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
	cr_assert_eq(profil(BUF, 64, TEXT, 1), 0);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
}

Test(hpux, exec_turns_profiling_off)
{
	cr_assert_eq(sprof(&H_A, 1, 0, 0), 0);
	prof_disable(&st);
	cr_assert_eq(tick_outcome(TEXT), PROF_TICK_OFF);
}

Test(hpux, fork_keeps_profiling_on_in_both)
{
	struct prof_region r[] = { H_A, { BUF + 200, 2, 0, 2 } };
	cr_assert_eq(sprof(r, 2, 0, 0), 0);
	struct prof_state child;
	cr_assert_eq(prof_clone(&child, &st), 0);
	struct prof_explain ex;
	cr_assert_eq(prof_tick(&child, &pm, 0, &ex), 0);
	cr_assert_eq(ex.region, -2, "the overflow descriptor is copied too");
	cr_assert_eq(prof_tick(&child, &pm, TEXT + 2, &ex), 0);
	cr_assert_eq(ex.bin_addr, BUF + 2);
	prof_free(&child);
	cr_assert(st.enabled);
}

Test(hpux, sixty_four_bit_offsets_are_exact)
{
	struct prof_region r[] = { { BUF, 64, 0x4000000000000000ull, 0x2000 },
				   { BUF + 64, 64, 0x4000000000001000ull, 0x2000 } };
	cr_assert_eq(sprof(r, 2, 0, PROF_USHORT), 0);
	cr_assert_eq(tick(0x4000000000000010ull).bin_addr, BUF + 2, "bundle 1 -> element 1");
	cr_assert_eq(tick(0x4000000000001020ull).bin_addr, BUF + 64 + 4);
	cr_assert_eq(tick_outcome(0xc000000000000000ull), PROF_TICK_OUT_OF_RANGE);
}
