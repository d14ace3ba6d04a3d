/* The byte-order helpers every writer relies on (gmon.out, guest counters, struct layouts). */
#include <criterion/criterion.h>

#include "emu/byteorder.h"

Test(byteorder, round_trips_each_width_in_both_orders)
{
	static const uint64_t values[] = { 0, 1, 0x80, 0xffff, 0x12345678, 0xfedcba9876543210ull };
	for (unsigned w = 1; w <= 8; w *= 2)
		for (int be = 0; be < 2; be++)
			for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
				uint8_t b[8] = { 0 };
				uint64_t mask = w == 8 ? ~0ull : (1ull << (8 * w)) - 1;
				bo_put(b, values[i], w, be);
				cr_assert_eq(bo_get(b, w, be), values[i] & mask, "w=%u be=%d", w, be);
			}
}

Test(byteorder, lays_bytes_out_as_each_order_defines)
{
	uint8_t b[8];
	bo_put32(b, 0x01020304, BO_BIG);
	cr_assert_eq(b[0], 1);
	cr_assert_eq(b[3], 4);
	bo_put32(b, 0x01020304, BO_LITTLE);
	cr_assert_eq(b[0], 4);
	bo_put64(b, 0x0102030405060708ull, BO_BIG);
	cr_assert_eq(b[0], 1);
	cr_assert_eq(b[7], 8);
	bo_put16(b, 0xa1b2, BO_LITTLE);
	cr_assert_eq(b[0], 0xb2);
}
