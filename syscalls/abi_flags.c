/* Translating an ABI's flag sets and command numbers to the neutral numbering (abi_flags.h).
 * The maps are a few dozen rows: a linear scan is cheaper than anything cleverer. */
#include "abi_flags.h"

uint64_t abi_bits_to_neutral(const struct abi_map *m, uint64_t guest)
{
	uint64_t neutral = 0;
	for (unsigned i = 0; i < m->len; i++)
		if (guest & m->pairs[i].guest)
			neutral |= m->pairs[i].neutral;
	return neutral;
}

uint64_t abi_bits_to_guest(const struct abi_map *m, uint64_t neutral)
{
	uint64_t guest = 0;
	for (unsigned i = 0; i < m->len; i++)
		if (m->pairs[i].neutral && (neutral & m->pairs[i].neutral) == m->pairs[i].neutral)
			guest |= m->pairs[i].guest;
	return guest;
}

bool abi_value_to_neutral(const struct abi_map *m, uint64_t guest, uint32_t *neutral)
{
	for (unsigned i = 0; i < m->len; i++)
		if (m->pairs[i].guest == guest) {
			*neutral = m->pairs[i].neutral;
			return true;
		}
	return false;
}

bool abi_value_to_guest(const struct abi_map *m, uint32_t neutral, uint64_t *guest)
{
	for (unsigned i = 0; i < m->len; i++)
		if (m->pairs[i].neutral == neutral) {
			*guest = m->pairs[i].guest;
			return true;
		}
	return false;
}
