"""What a field selector in a decode spec means, shared by the hppa and IA-64 generators.

Both specs select an instruction form by field values written either as a number or as a
0b pattern with x for a don't-care bit; both generators need the same (mask, value) pair.
"""
import re


def field_pattern(text, nbits):
    """'0b01x1' or '5' (or 0x...) for an nbits-wide field -> (mask, value).

    Raises ValueError with the reason when the text does not fit the field."""
    if text.startswith('0b'):
        pat = text[2:]
        if len(pat) != nbits or not re.fullmatch('[01x]+', pat):
            raise ValueError(f'pattern {text} does not fit {nbits} bits')
        mask = int(''.join('0' if c == 'x' else '1' for c in pat), 2)
        return mask, int(pat.replace('x', '0'), 2)
    value = int(text, 0)
    if value >> nbits:
        raise ValueError(f'value {text} does not fit {nbits} bits')
    return (1 << nbits) - 1, value
