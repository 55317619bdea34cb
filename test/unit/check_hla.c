/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_hla.c - the HLA encoding helpers (proto/hla.c, librti-encoding(3)):
 * the exact bytes of every type against hand-written hex (cross-checked
 * with Python's struct and codecs), random values (seeded) against a
 * second implementation written here from IEEE 1516.2 and IEEE 754 (not
 * calling hla.c), every UTF-8 length class and surrogate pairs, invalid
 * UTF-8 and unpaired surrogates with the offset of the bad byte, the
 * padding of records and arrays, every truncation (on exact-size heap
 * copies, so that a read past the end trips ASan and valgrind), encoder
 * overflow at every capacity, sticky errors and NULL arguments.
 *
 * HLA_SEED=N in the environment replays another random sequence.
 */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hla.h"

/* ---- helpers ---- */

/* ck_assert and ck_assert_msg without the bookkeeping Check does for an
 * assertion that holds, for the loops over millions of cases. */
#define REQUIRE(cond)                                                     \
	do {                                                              \
		if (!(cond))                                              \
			ck_abort_msg("line %d: %s", __LINE__, #cond);     \
	} while (0)
#define REQUIRE_MSG(cond, ...)                                            \
	do {                                                              \
		if (!(cond))                                              \
			ck_abort_msg(__VA_ARGS__);                        \
	} while (0)

static uint64_t rng_state;

/* splitmix64 */
static uint64_t
rng(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void
rng_seed(void)
{
	const char *s = getenv("HLA_SEED");

	rng_state = s ? strtoull(s, NULL, 0) : 20100818;
}

/* Bytes of hex text ("0a ff" or "0aff") into out; returns their number. */
static size_t
unhex(const char *hex, uint8_t *out)
{
	size_t n = 0;
	unsigned v;

	while (*hex) {
		if (*hex == ' ') {
			hex++;
			continue;
		}
		ck_assert(sscanf(hex, "%2x", &v) == 1);
		out[n++] = (uint8_t)v;
		hex += 2;
	}
	return n;
}

/* The encoder's bytes equal `hex`. */
static void
assert_bytes(const struct rti_encoder *e, const char *hex)
{
	uint8_t want[256];
	size_t n = unhex(hex, want), i;

	ck_assert_int_eq(e->err, RTI_OK);
	ck_assert_uint_eq(e->len, n);
	for (i = 0; i < n; i++)
		ck_assert_msg(e->buf[i] == want[i],
		    "byte %zu is %02x, not %02x (want %s)", i, e->buf[i],
		    want[i], hex);
}

/* An exact-size heap copy of p[0..n): a read past it is caught. */
static uint8_t *
exact_copy(const void *p, size_t n)
{
	uint8_t *q = malloc(n ? n : 1);

	ck_assert_ptr_nonnull(q);
	if (n)
		memcpy(q, p, n);
	return q;
}

/* ---- the second implementation (from the standards, not hla.c) ---- */

/* Two's complement of v on `bits` bits, by definition. */
static uint64_t
ref_twos(int64_t v, int bits)
{
	uint64_t mod_minus_1 = bits == 64 ? UINT64_MAX :
	    ((uint64_t)1 << bits) - 1;

	if (v >= 0)
		return (uint64_t)v;
	/* 2^bits - |v| */
	return mod_minus_1 - (uint64_t)(-(v + 1));
}

/* The n bytes of u, by division, most significant first when big. */
static void
ref_bytes(uint64_t u, size_t n, int big, uint8_t *out)
{
	size_t k;

	for (k = 0; k < n; k++) {
		uint8_t b = (uint8_t)(u % 256);

		u /= 256;
		out[big ? n - 1 - k : k] = b;
	}
}

/*
 * IEEE 754 bit pattern of a non-NaN x, from its value (frexp/ldexp):
 * `ebits` exponent bits, `fbits` fraction bits.
 */
static uint64_t
ref_ieee(double x, int ebits, int fbits)
{
	uint64_t sign = signbit(x) ? 1 : 0, frac;
	int64_t bias = ((int64_t)1 << (ebits - 1)) - 1, E;
	int e;
	double m, a = fabs(x);

	if (isinf(x)) {
		E = ((int64_t)1 << ebits) - 1;
		frac = 0;
	} else if (a == 0) {
		E = 0;
		frac = 0;
	} else {
		m = frexp(a, &e);	/* a = m 2^e, m in [0.5, 1) */
		E = e - 1 + bias;
		if (E >= 1) {
			frac = (uint64_t)ldexp(2 * m - 1, fbits);
		} else {	/* subnormal: a = frac 2^(1 - bias - fbits) */
			frac = (uint64_t)ldexp(a, (int)(bias - 1 + fbits));
			E = 0;
		}
	}
	return sign << (ebits + fbits) | (uint64_t)E << fbits | frac;
}

/* UTF-8 of code point c, written here by the table of RFC 3629. */
static size_t
ref_utf8(uint32_t c, uint8_t *o)
{
	if (c <= 0x7f) {
		o[0] = (uint8_t)c;
		return 1;
	}
	if (c <= 0x7ff) {
		o[0] = (uint8_t)(192 + c / 64);
		o[1] = (uint8_t)(128 + c % 64);
		return 2;
	}
	if (c <= 0xffff) {
		o[0] = (uint8_t)(224 + c / 4096);
		o[1] = (uint8_t)(128 + c / 64 % 64);
		o[2] = (uint8_t)(128 + c % 64);
		return 3;
	}
	o[0] = (uint8_t)(240 + c / 262144);
	o[1] = (uint8_t)(128 + c / 4096 % 64);
	o[2] = (uint8_t)(128 + c / 64 % 64);
	o[3] = (uint8_t)(128 + c % 64);
	return 4;
}

/* UTF-16 code units of c, big-endian (RFC 2781). */
static size_t
ref_utf16be(uint32_t c, uint8_t *o)
{
	uint32_t h, l;

	if (c < 0x10000) {
		o[0] = (uint8_t)(c / 256);
		o[1] = (uint8_t)(c % 256);
		return 2;
	}
	h = 0xd800 + (c - 0x10000) / 1024;
	l = 0xdc00 + (c - 0x10000) % 1024;
	o[0] = (uint8_t)(h / 256);
	o[1] = (uint8_t)(h % 256);
	o[2] = (uint8_t)(l / 256);
	o[3] = (uint8_t)(l % 256);
	return 4;
}

/* IEEE 1516.2: the smallest P >= 0 with (off + P) mod V == 0. */
static size_t
ref_pad(size_t off, size_t v)
{
	size_t p = 0;

	while ((off + p) % v != 0)
		p++;
	return p;
}

/* ---- exact bytes ---- */

START_TEST(test_basic_layout)
{
	uint8_t buf[64];
	struct rti_encoder e;

#define ENC(call, hex)                                                    \
	do {                                                              \
		rti_encoder_init(&e, buf, sizeof buf);                    \
		ck_assert_int_eq(call, RTI_OK);                           \
		assert_bytes(&e, hex);                                    \
	} while (0)
	ENC(rti_encode_int16_be(&e, -2), "fffe");
	ENC(rti_encode_int16_le(&e, -2), "feff");
	ENC(rti_encode_int16_be(&e, INT16_MIN), "8000");
	ENC(rti_encode_int16_be(&e, INT16_MAX), "7fff");
	ENC(rti_encode_int32_be(&e, 0x12345678), "12345678");
	ENC(rti_encode_int32_le(&e, 0x12345678), "78563412");
	ENC(rti_encode_int32_be(&e, INT32_MIN), "80000000");
	ENC(rti_encode_int32_le(&e, -2), "feffffff");
	ENC(rti_encode_int64_be(&e, 0x0102030405060708), "0102030405060708");
	ENC(rti_encode_int64_le(&e, 0x0102030405060708), "0807060504030201");
	ENC(rti_encode_int64_be(&e, INT64_MIN), "8000000000000000");
	ENC(rti_encode_int64_be(&e, -1), "ffffffffffffffff");
	ENC(rti_encode_float32_be(&e, 1.0f), "3f800000");
	ENC(rti_encode_float32_le(&e, 1.0f), "0000803f");
	ENC(rti_encode_float32_be(&e, -0.0f), "80000000");
	ENC(rti_encode_float32_be(&e, 0.1f), "3dcccccd");
	ENC(rti_encode_float32_le(&e, -2.5f), "000020c0");
	ENC(rti_encode_float32_be(&e, 1.401298464324817e-45f), "00000001");
	ENC(rti_encode_float64_be(&e, 1.0), "3ff0000000000000");
	ENC(rti_encode_float64_le(&e, 1.0), "000000000000f03f");
	ENC(rti_encode_float64_be(&e, 230.0), "406cc00000000000");
	ENC(rti_encode_float64_be(&e, -0.0), "8000000000000000");
	ENC(rti_encode_float64_be(&e, INFINITY), "7ff0000000000000");
	ENC(rti_encode_float64_le(&e, 0.1), "9a9999999999b93f");
	ENC(rti_encode_float64_be(&e, 5e-324), "0000000000000001");
	ENC(rti_encode_octet_pair_be(&e, 0xabcd), "abcd");
	ENC(rti_encode_octet_pair_le(&e, 0xabcd), "cdab");
	ENC(rti_encode_octet(&e, 0x7f), "7f");
	ENC(rti_encode_byte(&e, 0xff), "ff");
	ENC(rti_encode_ascii_char(&e, 'A'), "41");
	ENC(rti_encode_unicode_char(&e, 0x20ac), "20ac");
	ENC(rti_encode_boolean(&e, 0), "00000000");
	ENC(rti_encode_boolean(&e, 1), "00000001");
	ENC(rti_encode_boolean(&e, -7), "00000001");
	ENC(rti_encode_count(&e, 258), "00000102");
	ENC(rti_encode_ascii_string(&e, "HLA"), "00000003 484c41");
	ENC(rti_encode_ascii_string(&e, ""), "00000000");
	ENC(rti_encode_ascii_string_n(&e, "a\0b", 3), "00000003 610062");
	ENC(rti_encode_unicode_string(&e, "S2"), "00000002 0053 0032");
	ENC(rti_encode_unicode_string(&e, "\xc3\xa9"), "00000001 00e9");
	ENC(rti_encode_unicode_string(&e, "\xe2\x82\xac"), "00000001 20ac");
	ENC(rti_encode_unicode_string(&e, "\xf0\x9d\x84\x9e"),
	    "00000002 d834 dd1e");
	ENC(rti_encode_unicode_string(&e,
	    "a\xc3\xa9\xe2\x82\xac\xf0\x9d\x84\x9e"),
	    "00000005 0061 00e9 20ac d834 dd1e");
	ENC(rti_encode_unicode_string_n(&e, "\0", 1), "00000001 0000");
	ENC(rti_encode_opaque(&e, "\x01\x02\x03", 3), "00000003 010203");
	ENC(rti_encode_opaque(&e, NULL, 0), "00000000");
	ENC(rti_encode_octets(&e, "\xde\xad", 2), "dead");
	ENC(rti_encode_octets(&e, NULL, 0), "");
#undef ENC
}
END_TEST

/* Decoding the bytes of test_basic_layout gives the values back. */
START_TEST(test_basic_decode)
{
	uint8_t b[64];
	struct rti_decoder d;
	int16_t i16;
	int32_t i32;
	int64_t i64;
	float f;
	double x;
	uint16_t u16;
	uint8_t u8;
	char c, s[16];
	size_t len;
	int t;

#define DEC(hex, call)                                                    \
	do {                                                              \
		rti_decoder_init(&d, b, unhex(hex, b));                   \
		ck_assert_int_eq(call, RTI_OK);                           \
		ck_assert_int_eq(rti_decoder_done(&d), RTI_OK);           \
	} while (0)
	DEC("fffe", rti_decode_int16_be(&d, &i16));
	ck_assert_int_eq(i16, -2);
	DEC("feff", rti_decode_int16_le(&d, &i16));
	ck_assert_int_eq(i16, -2);
	DEC("8000", rti_decode_int16_be(&d, &i16));
	ck_assert_int_eq(i16, INT16_MIN);
	DEC("78563412", rti_decode_int32_le(&d, &i32));
	ck_assert_int_eq(i32, 0x12345678);
	DEC("80000000", rti_decode_int32_be(&d, &i32));
	ck_assert_int_eq(i32, INT32_MIN);
	DEC("8000000000000000", rti_decode_int64_be(&d, &i64));
	ck_assert(i64 == INT64_MIN);
	DEC("0807060504030201", rti_decode_int64_le(&d, &i64));
	ck_assert(i64 == 0x0102030405060708);
	DEC("3dcccccd", rti_decode_float32_be(&d, &f));
	ck_assert(f == 0.1f);
	DEC("000020c0", rti_decode_float32_le(&d, &f));
	ck_assert(f == -2.5f);
	DEC("406cc00000000000", rti_decode_float64_be(&d, &x));
	ck_assert(x == 230.0);
	DEC("8000000000000000", rti_decode_float64_be(&d, &x));
	ck_assert(x == 0 && signbit(x));
	DEC("9a9999999999b93f", rti_decode_float64_le(&d, &x));
	ck_assert(x == 0.1);
	DEC("cdab", rti_decode_octet_pair_le(&d, &u16));
	ck_assert_uint_eq(u16, 0xabcd);
	DEC("abcd", rti_decode_octet_pair_be(&d, &u16));
	ck_assert_uint_eq(u16, 0xabcd);
	DEC("20ac", rti_decode_unicode_char(&d, &u16));
	ck_assert_uint_eq(u16, 0x20ac);
	DEC("ff", rti_decode_octet(&d, &u8));
	ck_assert_uint_eq(u8, 0xff);
	DEC("80", rti_decode_byte(&d, &u8));
	ck_assert_uint_eq(u8, 0x80);
	DEC("41", rti_decode_ascii_char(&d, &c));
	ck_assert_int_eq(c, 'A');
	DEC("00000001", rti_decode_boolean(&d, &t));
	ck_assert_int_eq(t, 1);
	DEC("00000000", rti_decode_boolean(&d, &t));
	ck_assert_int_eq(t, 0);
	DEC("00000003 484c41", rti_decode_ascii_string(&d, s, sizeof s,
	    &len));
	ck_assert_str_eq(s, "HLA");
	ck_assert_uint_eq(len, 3);
	DEC("00000003 610062", rti_decode_ascii_string(&d, s, sizeof s,
	    &len));
	ck_assert_uint_eq(len, 3);
	ck_assert(memcmp(s, "a\0b", 4) == 0);
	DEC("00000005 0061 00e9 20ac d834 dd1e",
	    rti_decode_unicode_string(&d, s, sizeof s, &len));
	ck_assert_str_eq(s, "a\xc3\xa9\xe2\x82\xac\xf0\x9d\x84\x9e");
	ck_assert_uint_eq(len, 10);
	DEC("00000000", rti_decode_unicode_string(&d, s, 1, NULL));
	ck_assert_str_eq(s, "");
#undef DEC
}
END_TEST

/* Views point into the decoder's bytes. */
START_TEST(test_views)
{
	uint8_t b[32];
	struct rti_decoder d;
	const void *p;
	const char *q;
	uint32_t n;
	size_t len = unhex("00000003 010203 00000002 c3a9 beef", b);

	rti_decoder_init(&d, b, len);
	ck_assert_int_eq(rti_decode_opaque_view(&d, &p, &n), RTI_OK);
	ck_assert_ptr_eq(p, b + 4);
	ck_assert_uint_eq(n, 3);
	/* the view of an HLAASCIIstring is unchecked: bytes as sent */
	ck_assert_int_eq(rti_decode_ascii_string_view(&d, &q, &n), RTI_OK);
	ck_assert_ptr_eq(q, (const char *)b + 11);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(rti_decode_octets_view(&d, &p, 2), RTI_OK);
	ck_assert_ptr_eq(p, b + 13);
	ck_assert_int_eq(rti_decoder_done(&d), RTI_OK);
}
END_TEST

/* ---- random values against the second implementation ---- */

/* Random value with a bias towards the limits of `bits` bits. */
static int64_t
rand_int(int bits)
{
	int64_t max = bits == 64 ? INT64_MAX :
	    (int64_t)(((uint64_t)1 << (bits - 1)) - 1);
	int64_t min = -max - 1;
	uint64_t r = rng();

	switch (r % 8) {
	case 0: return min;
	case 1: return max;
	case 2: return 0;
	case 3: return -1;
	case 4: return min + (int64_t)(r >> 60);
	case 5: return max - (int64_t)(r >> 60);
	default:
		if (bits == 64) {
			r = rng();
			return r > INT64_MAX ? -(int64_t)(UINT64_MAX - r) - 1 :
			    (int64_t)r;
		}
		return (int64_t)(rng() % ((uint64_t)1 << bits)) + min;
	}
}

START_TEST(test_random_integers)
{
	static const struct {
		int bits, big;
	} kinds[] = { { 16, 1 }, { 16, 0 }, { 32, 1 }, { 32, 0 }, { 64, 1 },
	    { 64, 0 } };
	int i, k;

	rng_seed();
	for (i = 0; i < 20000; i++) {
		for (k = 0; k < 6; k++) {
			int bits = kinds[k].bits, big = kinds[k].big, rc;
			size_t n = (size_t)bits / 8;
			int64_t v = rand_int(bits), back = 0;
			uint8_t buf[8], want[8];
			struct rti_encoder e;
			struct rti_decoder d;

			rti_encoder_init(&e, buf, sizeof buf);
			if (bits == 16)
				rc = (big ? rti_encode_int16_be :
				    rti_encode_int16_le)(&e, (int16_t)v);
			else if (bits == 32)
				rc = (big ? rti_encode_int32_be :
				    rti_encode_int32_le)(&e, (int32_t)v);
			else
				rc = (big ? rti_encode_int64_be :
				    rti_encode_int64_le)(&e, v);
			REQUIRE(rc == RTI_OK);
			REQUIRE(e.len == n);
			ref_bytes(ref_twos(v, bits), n, big, want);
			REQUIRE_MSG(memcmp(buf, want, n) == 0,
			    "int%d %s %lld", bits, big ? "be" : "le",
			    (long long)v);
			rti_decoder_init(&d, buf, n);
			if (bits == 16) {
				int16_t x;

				rc = (big ? rti_decode_int16_be :
				    rti_decode_int16_le)(&d, &x);
				back = x;
			} else if (bits == 32) {
				int32_t x;

				rc = (big ? rti_decode_int32_be :
				    rti_decode_int32_le)(&d, &x);
				back = x;
			} else {
				rc = (big ? rti_decode_int64_be :
				    rti_decode_int64_le)(&d, &back);
			}
			REQUIRE(rc == RTI_OK);
			REQUIRE(back == v);
			REQUIRE(rti_decoder_done(&d) == RTI_OK);
		}
	}
}
END_TEST

/* A random 64-bit pattern, often one of the special classes. */
static uint64_t
rand_f64_bits(void)
{
	static const uint64_t special[] = {
		0, 0x8000000000000000ull,		/* +-0 */
		0x7ff0000000000000ull, 0xfff0000000000000ull,	/* +-inf */
		0x7ff8000000000000ull,			/* quiet NaN */
		0x7ff0000000000001ull,			/* signalling NaN */
		0xfff8deadbeef0001ull,			/* NaN with payload */
		0x0000000000000001ull,			/* least subnormal */
		0x000fffffffffffffull,			/* largest subnormal */
		0x0010000000000000ull,			/* DBL_MIN */
		0x7fefffffffffffffull,			/* DBL_MAX */
	};
	uint64_t r = rng();

	if (r % 4 == 0)
		return special[(r >> 8) % (sizeof special / sizeof *special)];
	if (r % 4 == 1)	/* subnormal */
		return (rng() & 0x800fffffffffffffull);
	return rng();
}

START_TEST(test_random_floats)
{
	int i, k;

	rng_seed();
	for (i = 0; i < 40000; i++) {
		uint64_t bits = rand_f64_bits(), back;
		uint32_t bits32 = (uint32_t)(bits >> 32) ^ (uint32_t)bits, b32;
		double x, y;
		float f, g;
		uint8_t buf[8], want[8];
		struct rti_encoder e;
		struct rti_decoder d;

		if (i % 3 == 0)	/* float32 specials and subnormals */
			bits32 = (uint32_t)(bits >> 32);
		memcpy(&x, &bits, 8);
		memcpy(&f, &bits32, 4);
		if (!isnan(x))
			REQUIRE_MSG(ref_ieee(x, 11, 52) == bits,
			    "reference of %016llx", (unsigned long long)bits);
		if (!isnan(f))
			REQUIRE(ref_ieee(f, 8, 23) == bits32);
		for (k = 0; k < 2; k++) {
			rti_encoder_init(&e, buf, sizeof buf);
			REQUIRE((k ? rti_encode_float64_be :
			    rti_encode_float64_le)(&e, x) == RTI_OK);
			ref_bytes(bits, 8, k, want);
			REQUIRE_MSG(memcmp(buf, want, 8) == 0,
			    "float64 %016llx", (unsigned long long)bits);
			rti_decoder_init(&d, buf, 8);
			REQUIRE((k ? rti_decode_float64_be :
			    rti_decode_float64_le)(&d, &y) == RTI_OK);
			memcpy(&back, &y, 8);
			REQUIRE(back == bits);

			rti_encoder_init(&e, buf, sizeof buf);
			REQUIRE((k ? rti_encode_float32_be :
			    rti_encode_float32_le)(&e, f) == RTI_OK);
			REQUIRE(e.len == 4);
			ref_bytes(bits32, 4, k, want);
			REQUIRE_MSG(memcmp(buf, want, 4) == 0,
			    "float32 %08x", bits32);
			rti_decoder_init(&d, buf, 4);
			REQUIRE((k ? rti_decode_float32_be :
			    rti_decode_float32_le)(&d, &g) == RTI_OK);
			memcpy(&b32, &g, 4);
			REQUIRE(b32 == bits32);
		}
	}
	/* the reference itself, on values whose bits are known */
	REQUIRE(ref_ieee(1.0, 11, 52) == 0x3ff0000000000000ull);
	REQUIRE(ref_ieee(-DBL_MAX, 11, 52) == 0xffefffffffffffffull);
	REQUIRE(ref_ieee(DBL_TRUE_MIN, 11, 52) == 1);
	REQUIRE(ref_ieee(FLT_TRUE_MIN, 8, 23) == 1);
}
END_TEST

/* A code point of UTF-8 length class `cls` (1..4), never a surrogate. */
static uint32_t
rand_cp(int cls)
{
	static const uint32_t lo[] = { 0, 0x80, 0x800, 0x10000 };
	static const uint32_t hi[] = { 0x7f, 0x7ff, 0xffff, 0x10ffff };
	uint32_t c;

	do {
		uint64_t r = rng();

		if (r % 5 == 0)
			c = r % 2 ? lo[cls - 1] : hi[cls - 1];
		else
			c = lo[cls - 1] + (uint32_t)(rng() %
			    (hi[cls - 1] - lo[cls - 1] + 1));
	} while (c >= 0xd800 && c <= 0xdfff);
	return c;
}

START_TEST(test_random_strings)
{
	int i;

	rng_seed();
	for (i = 0; i < 5000; i++) {
		uint8_t utf8[4 * 40 + 1], want[4 + 4 * 40], buf[4 + 4 * 40];
		char back[4 * 40 + 1];
		size_t n8 = 0, n16 = 4, units, len, j, count;
		struct rti_encoder e;
		struct rti_decoder d;
		uint8_t *copy;

		count = (size_t)(rng() % 41);
		for (j = 0; j < count; j++) {
			uint32_t c = rand_cp(1 + (int)(rng() % 4));

			n8 += ref_utf8(c, utf8 + n8);
			n16 += ref_utf16be(c, want + n16);
		}
		utf8[n8] = 0;
		units = (n16 - 4) / 2;
		ref_bytes(units, 4, 1, want);
		rti_encoder_init(&e, buf, sizeof buf);
		REQUIRE(rti_encode_unicode_string_n(&e, (const char *)utf8,
		    n8) == RTI_OK);
		REQUIRE(e.len == n16);
		REQUIRE(memcmp(buf, want, n16) == 0);
		copy = exact_copy(buf, n16);
		rti_decoder_init(&d, copy, n16);
		REQUIRE(rti_decode_unicode_string(&d, back, n8 + 1, &len) ==
		    RTI_OK);
		REQUIRE(len == n8);
		REQUIRE(memcmp(back, utf8, n8 + 1) == 0);
		REQUIRE(rti_decoder_done(&d) == RTI_OK);
		free(copy);
	}
}
END_TEST

/* Every code point through the UTF-8 scanner and back; all 2-byte and
 * 3-byte sequences against the definition of well-formed UTF-8: a
 * sequence is well-formed when its bits give a scalar value whose
 * shortest form it is. */
START_TEST(test_utf8_exhaustive)
{
	uint8_t s[4], o[4];
	uint32_t c, cp;
	size_t i, n;

	for (c = 0; c <= 0x10ffff; c++) {
		n = ref_utf8(c, s);
		i = 0;
		if (c >= 0xd800 && c <= 0xdfff) {
			REQUIRE(hla_utf8_next(s, n, &i, &cp) == -1);
			REQUIRE(i == 0);
			continue;
		}
		REQUIRE(hla_utf8_next(s, n, &i, &cp) == 0);
		REQUIRE(cp == c);
		REQUIRE(i == n);
		REQUIRE(hla_utf8_put(c, o) == n);
		REQUIRE(memcmp(o, s, n) == 0);
	}
	for (c = 0; c < (1u << 24); c++) {
		uint32_t v;
		int ok2, ok3;

		s[0] = (uint8_t)(c >> 16);
		s[1] = (uint8_t)(c >> 8);
		s[2] = (uint8_t)c;
		/* as a 3-byte sequence */
		v = (uint32_t)(s[0] & 0x0f) << 12 |
		    (uint32_t)(s[1] & 0x3f) << 6 | (s[2] & 0x3f);
		ok3 = (s[0] & 0xf0) == 0xe0 && (s[1] & 0xc0) == 0x80 &&
		    (s[2] & 0xc0) == 0x80 && ref_utf8(v, o) == 3 &&
		    !(v >= 0xd800 && v <= 0xdfff);
		i = 0;
		if (s[0] >= 0xe0 && s[0] <= 0xef) {
			REQUIRE_MSG((hla_utf8_next(s, 3, &i, &cp) == 0) ==
			    ok3, "%02x %02x %02x", s[0], s[1], s[2]);
			if (ok3)
				REQUIRE(cp == v);
		}
		if ((c & 0xff) != 0)
			continue;
		/* s[0..1] as a 2-byte sequence, once per pair */
		v = (uint32_t)(s[0] & 0x1f) << 6 | (s[1] & 0x3f);
		ok2 = (s[0] & 0xe0) == 0xc0 && (s[1] & 0xc0) == 0x80 &&
		    ref_utf8(v, o) == 2;
		i = 0;
		if (s[0] >= 0x80 && s[0] < 0xe0)
			REQUIRE_MSG((hla_utf8_next(s, 2, &i, &cp) == 0) ==
			    ok2, "%02x %02x", s[0], s[1]);
	}
}
END_TEST

/* ---- refused content, with the offset of the bad byte ---- */

START_TEST(test_invalid_utf8)
{
	static const struct {
		const char *s;
		size_t n, off;
	} bad[] = {
		{ "\x80", 1, 0 },		/* stray continuation */
		{ "ab\xbf", 3, 2 },
		{ "\xc0\x80", 2, 0 },			/* overlong NUL */
		{ "\xc1\xbf", 2, 0 },			/* overlong 7F */
		{ "\xe0\x80\x80", 3, 0 },		/* overlong 3 bytes */
		{ "\xe0\x9f\xbf", 3, 0 },
		{ "\xf0\x8f\xbf\xbf", 4, 0 },		/* overlong 4 bytes */
		{ "x\xed\xa0\x80", 4, 1 },		/* surrogate D800 */
		{ "\xed\xbf\xbf", 3, 0 },		/* surrogate DFFF */
		{ "\xf4\x90\x80\x80", 4, 0 },		/* 110000 */
		{ "\xf5\x80\x80\x80", 4, 0 },
		{ "\xff", 1, 0 },
		{ "\xfe", 1, 0 },
		{ "abc\xe2\x82", 5, 3 },		/* cut by the end */
		{ "\xe2\x82" "A", 3, 0 },		/* cut by a byte */
		{ "\xc3", 1, 0 },
		{ "\xf0\x9d\x84", 3, 0 },
		{ "ok\xc3\xa9\xf0\x9d\x84\x9e\xc3(", 10, 8 },
	};
	uint8_t buf[64];
	size_t i;

	for (i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct rti_encoder e;

		rti_encoder_init(&e, buf, sizeof buf);
		ck_assert_int_eq(rti_encode_int16_be(&e, 7), RTI_OK);
		ck_assert_int_eq(rti_encode_unicode_string_n(&e, bad[i].s,
		    bad[i].n), RTI_ERR_INVALID_ARGUMENT);
		ck_assert_int_eq(e.err, RTI_ERR_INVALID_ARGUMENT);
		ck_assert_msg(e.err_off == bad[i].off, "case %zu: offset %zu",
		    i, e.err_off);
		ck_assert_uint_eq(e.len, 2);	/* nothing of the string */
		/* the prefix before the bad byte is accepted */
		rti_encoder_init(&e, buf, sizeof buf);
		ck_assert_int_eq(rti_encode_unicode_string_n(&e, bad[i].s,
		    bad[i].off), RTI_OK);
	}
}
END_TEST

START_TEST(test_unpaired_surrogates)
{
	static const struct {
		const char *hex;
		size_t off;
	} bad[] = {
		{ "00000001 d800", 4 },			/* high, then end */
		{ "00000001 dc00", 4 },			/* lone low */
		{ "00000002 0041 dfff", 6 },
		{ "00000002 d834 0041", 4 },		/* high, then no low */
		{ "00000003 d834 dd1e dd1e", 8 },	/* pair, lone low */
		{ "00000002 dbff dbff", 4 },		/* high, high */
		/* the count ends the string before the low surrogate */
		{ "00000001 d834 dd1e", 4 },
	};
	uint8_t b[32];
	char out[32];
	size_t i, len, n;

	for (i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct rti_decoder d;
		uint8_t *copy;

		n = unhex(bad[i].hex, b);
		copy = exact_copy(b, n);
		rti_decoder_init(&d, copy, n);
		len = 99;
		ck_assert_int_eq(rti_decode_unicode_string(&d, out,
		    sizeof out, &len), RTI_ERR_DECODER_ERROR);
		ck_assert_msg(d.err_off == bad[i].off, "case %zu: offset %zu",
		    i, d.err_off);
		ck_assert_uint_eq(d.off, 0);
		ck_assert_uint_eq(len, 0);
		ck_assert_str_eq(out, "");
		free(copy);
	}
}
END_TEST

START_TEST(test_invalid_content)
{
	uint8_t b[32];
	struct rti_decoder d;
	struct rti_encoder e;
	char c, s[8];
	int t;
	uint32_t n;
	const void *p;

	/* HLAboolean: only HLAfalse (0) and HLAtrue (1) */
	rti_decoder_init(&d, b, unhex("00000002", b));
	t = 5;
	ck_assert_int_eq(rti_decode_boolean(&d, &t), RTI_ERR_DECODER_ERROR);
	ck_assert_int_eq(t, 0);
	ck_assert_uint_eq(d.err_off, 0);
	rti_decoder_init(&d, b, unhex("ffffffff", b));
	ck_assert_int_eq(rti_decode_boolean(&d, &t), RTI_ERR_DECODER_ERROR);
	/* HLAASCIIchar and HLAASCIIstring are 7-bit */
	rti_decoder_init(&d, b, unhex("80", b));
	ck_assert_int_eq(rti_decode_ascii_char(&d, &c), RTI_ERR_DECODER_ERROR);
	rti_decoder_init(&d, b, unhex("00000003 41e941", b));
	ck_assert_int_eq(rti_decode_ascii_string(&d, s, sizeof s, NULL),
	    RTI_ERR_DECODER_ERROR);
	ck_assert_uint_eq(d.err_off, 5);
	rti_encoder_init(&e, b, sizeof b);
	ck_assert_int_eq(rti_encode_ascii_char(&e, (char)0xe9),
	    RTI_ERR_INVALID_ARGUMENT);
	rti_encoder_init(&e, b, sizeof b);
	ck_assert_int_eq(rti_encode_ascii_string(&e, "caf\xc3\xa9"),
	    RTI_ERR_INVALID_ARGUMENT);
	ck_assert_uint_eq(e.err_off, 3);
	ck_assert_uint_eq(e.len, 0);
	/* negative counts, counts beyond the bytes */
	rti_decoder_init(&d, b, unhex("80000000", b));
	ck_assert_int_eq(rti_decode_count(&d, &n, 0), RTI_ERR_DECODER_ERROR);
	rti_decoder_init(&d, b, unhex("ffffffff", b));
	ck_assert_int_eq(rti_decode_opaque_view(&d, &p, &n),
	    RTI_ERR_DECODER_ERROR);
	ck_assert_ptr_null(p);
	ck_assert_uint_eq(n, 0);
	rti_decoder_init(&d, b, unhex("00000004 010203", b));
	ck_assert_int_eq(rti_decode_opaque_view(&d, &p, &n),
	    RTI_ERR_DECODER_ERROR);
	ck_assert_uint_eq(d.err_off, 0);
	rti_decoder_init(&d, b, unhex("00000002 00410042", b));
	ck_assert_int_eq(rti_decode_count(&d, &n, 2), RTI_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(d.off, 4);
	rti_decoder_init(&d, b, unhex("00000004 00410042 0043", b));
	ck_assert_int_eq(rti_decode_count(&d, &n, 2), RTI_ERR_DECODER_ERROR);
	ck_assert_uint_eq(n, 0);
	ck_assert_uint_eq(d.off, 0);
	rti_decoder_init(&d, b, unhex("7fffffff", b));
	ck_assert_int_eq(rti_decode_count(&d, &n, 0), RTI_OK);
	ck_assert_uint_eq(n, 0x7fffffff);
	/* counts that do not fit HLAinteger32BE are not encoded */
	rti_encoder_init(&e, b, sizeof b);
	ck_assert_int_eq(rti_encode_count(&e, 0x80000000u),
	    RTI_ERR_INVALID_ARGUMENT);
	rti_encoder_init(&e, b, sizeof b);
	ck_assert_int_eq(rti_encode_opaque(&e, b, 0x80000000u),
	    RTI_ERR_INVALID_ARGUMENT);
	/* trailing bytes */
	rti_decoder_init(&d, b, unhex("00000001 00", b));
	ck_assert_int_eq(rti_decode_boolean(&d, &t), RTI_OK);
	ck_assert_int_eq(rti_decoder_done(&d), RTI_ERR_DECODER_ERROR);
	ck_assert_uint_eq(d.err_off, 4);
}
END_TEST

/* ---- padding (IEEE 1516.2-2010 4.13.9) ---- */

START_TEST(test_padding)
{
	uint8_t buf[128];
	struct rti_encoder e;
	struct rti_decoder d;
	uint8_t a;
	double x;
	uint32_t n, i;
	int32_t disc;
	size_t off, v;

	/* the rule: P = smallest P >= 0 with (off + P) mod V = 0 */
	for (off = 0; off < 70; off++)
		for (v = 1; v <= 16; v *= 2)
			ck_assert_uint_eq(hla_padding(off, v),
			    ref_pad(off, v));

	/* fixed record {HLAoctet a; HLAfloat64BE b}: a, 7 bytes, b */
	rti_encoder_init(&e, buf, sizeof buf);
	rti_encode_octet(&e, 0x01);
	rti_encoder_align(&e, 8);
	rti_encode_float64_be(&e, 1.0);
	assert_bytes(&e, "01 00000000000000 3ff0000000000000");

	/* record {HLAoctet a; {HLAoctet b; HLAfloat64BE c} r}: the inner
	 * record has octet boundary 8, so it starts at 8 */
	rti_encoder_init(&e, buf, sizeof buf);
	rti_encode_octet(&e, 0xaa);
	rti_encoder_align(&e, 8);
	rti_encode_octet(&e, 0xbb);
	rti_encoder_align(&e, 8);
	rti_encode_float64_be(&e, 50.0);
	assert_bytes(&e, "aa 00000000000000 bb 00000000000000 "
	    "4049000000000000");

	/* HLAfixedArray of two {HLAinteger32BE; HLAoctet} (boundary 4, 5
	 * bytes): 3 bytes between the elements, none after the last */
	rti_encoder_init(&e, buf, sizeof buf);
	for (i = 0; i < 2; i++) {
		rti_encoder_align(&e, 4);
		rti_encode_int32_be(&e, (int32_t)i + 1);
		rti_encode_octet(&e, 0xee);
	}
	assert_bytes(&e, "00000001 ee 000000 00000002 ee");

	/* HLAvariableArray of {HLAoctet; HLAfloat64BE} (boundary
	 * max(4, 8) = 8): count, 4 bytes, the elements 8-aligned */
	rti_encoder_init(&e, buf, sizeof buf);
	rti_encode_count(&e, 2);
	for (i = 0; i < 2; i++) {
		rti_encoder_align(&e, 8);
		rti_encode_octet(&e, (uint8_t)(i + 1));
		rti_encoder_align(&e, 8);
		rti_encode_float64_be(&e, i ? 400.0 : 230.0);
	}
	assert_bytes(&e, "00000002 00000000 "
	    "01 00000000000000 406cc00000000000 "
	    "02 00000000000000 4079000000000000");
	/* decoding skips the padding whatever its bytes */
	memset(buf + 4, 0x5a, 4);
	memset(buf + 9, 0x5a, 7);
	rti_decoder_init(&d, buf, e.len);
	ck_assert_int_eq(rti_decode_count(&d, &n, 9), RTI_OK);
	ck_assert_uint_eq(n, 2);
	for (i = 0; i < n; i++) {
		rti_decoder_align(&d, 8);
		rti_decode_octet(&d, &a);
		rti_decoder_align(&d, 8);
		rti_decode_float64_be(&d, &x);
		ck_assert_uint_eq(a, i + 1);
		ck_assert(x == (i ? 400.0 : 230.0));
	}
	ck_assert_int_eq(rti_decoder_done(&d), RTI_OK);

	/* HLAvariantRecord, discriminant an enumeration on HLAinteger32BE,
	 * alternatives HLAfloat64BE (1) and HLAoctet (2): the alternative is
	 * aligned to the largest boundary of the alternatives, 8 */
	rti_encoder_init(&e, buf, sizeof buf);
	rti_encode_int32_be(&e, 2);
	rti_encoder_align(&e, 8);
	rti_encode_octet(&e, 'x');
	assert_bytes(&e, "00000002 00000000 78");
	rti_decoder_init(&d, buf, e.len);
	rti_decode_int32_be(&d, &disc);
	rti_decoder_align(&d, 8);
	rti_decode_octet(&d, &a);
	ck_assert_int_eq(rti_decoder_done(&d), RTI_OK);
	ck_assert_int_eq(disc, 2);
	ck_assert_uint_eq(a, 'x');

	/* {HLAoctet; HLAunicodeString}: the string (boundary 4) at 4 */
	rti_encoder_init(&e, buf, sizeof buf);
	rti_encode_octet(&e, 9);
	rti_encoder_align(&e, 4);
	rti_encode_unicode_string(&e, "B1");
	assert_bytes(&e, "09 000000 00000002 0042 0031");

	/* padding that the data does not hold is a truncation */
	rti_decoder_init(&d, buf, 3);
	rti_decode_octet(&d, &a);
	ck_assert_int_eq(rti_decoder_align(&d, 4), RTI_ERR_DECODER_ERROR);
	ck_assert_uint_eq(d.err_off, 1);
	/* boundaries are powers of two */
	rti_encoder_init(&e, buf, sizeof buf);
	ck_assert_int_eq(rti_encoder_align(&e, 3), RTI_ERR_INVALID_ARGUMENT);
	rti_decoder_init(&d, buf, 8);
	ck_assert_int_eq(rti_decoder_align(&d, 0), RTI_ERR_INVALID_ARGUMENT);
	rti_encoder_init(&e, buf, sizeof buf);
	ck_assert_int_eq(rti_encoder_align(&e, 16), RTI_OK);
	ck_assert_uint_eq(e.len, 0);
}
END_TEST

/* ---- truncation and overflow ---- */

/* One value of every type, in a record as the standard pads it. */
static void
encode_all(struct rti_encoder *e)
{
	static const uint8_t op[3] = { 1, 2, 3 };

	rti_encode_octet(e, 0x11);
	rti_encoder_align(e, 2);
	rti_encode_int16_be(e, -300);
	rti_encode_int16_le(e, 300);
	rti_encode_octet_pair_be(e, 0x1234);
	rti_encode_octet_pair_le(e, 0x5678);
	rti_encode_unicode_char(e, 0x00e9);
	rti_encoder_align(e, 4);
	rti_encode_int32_be(e, -70000);
	rti_encode_int32_le(e, 70000);
	rti_encode_float32_be(e, 0.5f);
	rti_encode_float32_le(e, -0.5f);
	rti_encode_boolean(e, 1);
	rti_encoder_align(e, 8);
	rti_encode_int64_be(e, -5000000000);
	rti_encode_int64_le(e, 5000000000);
	rti_encode_float64_be(e, 49.98);
	rti_encode_float64_le(e, -0.0);
	rti_encode_ascii_char(e, 'Z');
	rti_encode_byte(e, 0x80);
	rti_encoder_align(e, 4);
	rti_encode_ascii_string(e, "north/S2");
	rti_encoder_align(e, 4);
	rti_encode_unicode_string(e, "S\xc3\xbc" "d \xf0\x9f\x94\x8c");
	rti_encoder_align(e, 4);
	rti_encode_opaque(e, op, 3);
	rti_encode_octets(e, "\xca\xfe", 2);
	rti_encoder_align(e, 4);
	rti_encode_count(e, 1);
	rti_encode_octet(e, 0x22);
}

/*
 * Decode what encode_all wrote; returns the decoder's error.  *starts
 * gets the offset where each item starts (the offset a truncation error
 * must name).
 */
static int
decode_all(struct rti_decoder *d, size_t *starts, size_t *n_starts)
{
	int16_t i16;
	int32_t i32;
	int64_t i64;
	uint16_t u16;
	uint8_t u8;
	float f;
	double x;
	char c, s[32];
	int t;
	uint32_t n;
	const void *p;
	size_t k = 0;

#define ITEM(call)                                                        \
	do {                                                              \
		starts[k++] = d->off;                                     \
		call;                                                     \
	} while (0)
	ITEM(rti_decode_octet(d, &u8));
	ITEM(rti_decoder_align(d, 2));
	ITEM(rti_decode_int16_be(d, &i16));
	ITEM(rti_decode_int16_le(d, &i16));
	ITEM(rti_decode_octet_pair_be(d, &u16));
	ITEM(rti_decode_octet_pair_le(d, &u16));
	ITEM(rti_decode_unicode_char(d, &u16));
	ITEM(rti_decoder_align(d, 4));
	ITEM(rti_decode_int32_be(d, &i32));
	ITEM(rti_decode_int32_le(d, &i32));
	ITEM(rti_decode_float32_be(d, &f));
	ITEM(rti_decode_float32_le(d, &f));
	ITEM(rti_decode_boolean(d, &t));
	ITEM(rti_decoder_align(d, 8));
	ITEM(rti_decode_int64_be(d, &i64));
	ITEM(rti_decode_int64_le(d, &i64));
	ITEM(rti_decode_float64_be(d, &x));
	ITEM(rti_decode_float64_le(d, &x));
	ITEM(rti_decode_ascii_char(d, &c));
	ITEM(rti_decode_byte(d, &u8));
	ITEM(rti_decoder_align(d, 4));
	ITEM(rti_decode_ascii_string(d, s, sizeof s, NULL));
	ITEM(rti_decoder_align(d, 4));
	ITEM(rti_decode_unicode_string(d, s, sizeof s, NULL));
	ITEM(rti_decoder_align(d, 4));
	ITEM(rti_decode_opaque_view(d, &p, &n));
	ITEM(rti_decode_octets_view(d, &p, 2));
	ITEM(rti_decoder_align(d, 4));
	/* one item: a missing element is an error at its count */
	ITEM((rti_decode_count(d, &n, 1), rti_decode_octet(d, &u8)));
#undef ITEM
	*n_starts = k;
	return rti_decoder_done(d);
}

START_TEST(test_every_truncation)
{
	uint8_t buf[256];
	struct rti_encoder e;
	size_t starts[64], n_starts, cut, k, total;

	rti_encoder_init(&e, buf, sizeof buf);
	encode_all(&e);
	ck_assert_int_eq(e.err, RTI_OK);
	total = e.len;
	{
		struct rti_decoder d;
		uint8_t *copy = exact_copy(buf, total);

		rti_decoder_init(&d, copy, total);
		ck_assert_int_eq(decode_all(&d, starts, &n_starts), RTI_OK);
		free(copy);
	}
	for (cut = 0; cut < total; cut++) {
		struct rti_decoder d;
		uint8_t *copy = exact_copy(buf, cut);
		size_t s2[64], n2;

		rti_decoder_init(&d, copy, cut);
		ck_assert_int_eq(decode_all(&d, s2, &n2),
		    RTI_ERR_DECODER_ERROR);
		/* the error names the start of the first item that does not
		 * fit entirely */
		for (k = 0; k + 1 < n_starts && starts[k + 1] <= cut; k++)
			;
		ck_assert_msg(d.err_off == starts[k],
		    "cut at %zu: error at %zu, item %zu starts at %zu", cut,
		    d.err_off, k, starts[k]);
		ck_assert_uint_le(d.off, cut);
		free(copy);
	}
}
END_TEST

START_TEST(test_encoder_overflow)
{
	uint8_t ok[256], buf[256 + 16];
	struct rti_encoder e;
	size_t total, cap, i;

	rti_encoder_init(&e, ok, sizeof ok);
	encode_all(&e);
	ck_assert_int_eq(e.err, RTI_OK);
	total = e.len;
	/* measuring: no buffer */
	rti_encoder_init(&e, NULL, 0);
	encode_all(&e);
	ck_assert_int_eq(e.err, RTI_ERR_LIMIT_EXCEEDED);
	ck_assert_uint_eq(e.len, total);
	ck_assert_uint_eq(e.err_off, 0);
	for (cap = 0; cap < total; cap++) {
		memset(buf, 0xa5, sizeof buf);
		rti_encoder_init(&e, buf, cap);
		encode_all(&e);
		ck_assert_int_eq(e.err, RTI_ERR_LIMIT_EXCEEDED);
		ck_assert_uint_eq(e.len, total);	/* the size needed */
		ck_assert_uint_le(e.err_off, cap);
		/* what fit is the encoding's prefix; nothing past cap */
		ck_assert(memcmp(buf, ok, e.err_off) == 0);
		for (i = cap; i < sizeof buf; i++)
			ck_assert_msg(buf[i] == 0xa5, "cap %zu: byte %zu", cap,
			    i);
	}
	rti_encoder_init(&e, buf, total);
	encode_all(&e);
	ck_assert_int_eq(e.err, RTI_OK);
	ck_assert(memcmp(buf, ok, total) == 0);
}
END_TEST

/* The first error sticks; bad input replaces a full buffer. */
START_TEST(test_sticky_errors)
{
	uint8_t buf[8];
	struct rti_encoder e;
	struct rti_decoder d;
	int32_t v = 1;

	rti_encoder_init(&e, buf, 4);
	ck_assert_int_eq(rti_encode_int32_be(&e, 1), RTI_OK);
	ck_assert_int_eq(rti_encode_octet(&e, 2), RTI_ERR_LIMIT_EXCEEDED);
	ck_assert_uint_eq(e.err_off, 4);
	ck_assert_int_eq(rti_encode_int16_be(&e, 3), RTI_ERR_LIMIT_EXCEEDED);
	ck_assert_uint_eq(e.len, 7);
	ck_assert_int_eq(rti_encode_unicode_string(&e, "\xff"),
	    RTI_ERR_INVALID_ARGUMENT);
	ck_assert_uint_eq(e.err_off, 0);
	ck_assert_int_eq(rti_encode_count(&e, 0x80000000u),
	    RTI_ERR_INVALID_ARGUMENT);
	ck_assert_uint_eq(e.err_off, 0);	/* still the first bad input */
	ck_assert_uint_eq(e.len, 7);

	rti_encoder_init(&e, buf, sizeof buf);
	ck_assert_int_eq(rti_encode_ascii_char(&e, (char)0x80),
	    RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_encode_int32_be(&e, 5), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_uint_eq(e.len, 4);
	ck_assert_uint_eq(buf[0], 0);		/* nothing written */

	memset(buf, 0, sizeof buf);
	rti_decoder_init(&d, buf, 2);
	ck_assert_int_eq(rti_decode_int32_be(&d, &v), RTI_ERR_DECODER_ERROR);
	ck_assert_int_eq(v, 0);
	ck_assert_uint_eq(d.off, 0);
	d.len = 8;	/* even with the bytes there, the error sticks */
	v = 1;
	ck_assert_int_eq(rti_decode_int32_be(&d, &v), RTI_ERR_DECODER_ERROR);
	ck_assert_int_eq(v, 0);
	ck_assert_int_eq(rti_decoder_done(&d), RTI_ERR_DECODER_ERROR);
}
END_TEST

/* A string decoded into too small a buffer: the size needed, the cursor
 * still at the string; a retry after clearing err decodes it. */
START_TEST(test_string_too_small)
{
	uint8_t b[64];
	char out[16];
	struct rti_decoder d, probe;
	size_t len, n = unhex("00000003 0053 00fc 0064 00000001 41", b);

	rti_decoder_init(&d, b, n);
	probe = d;
	ck_assert_int_eq(rti_decode_unicode_string(&probe, NULL, 0, &len),
	    RTI_ERR_LIMIT_EXCEEDED);
	ck_assert_uint_eq(len, 4);		/* "S\xc3\xbc" "d" */
	ck_assert_uint_eq(d.off, 0);		/* the original did not move */
	ck_assert_int_eq(rti_decode_unicode_string(&d, out, 4, &len),
	    RTI_ERR_LIMIT_EXCEEDED);
	ck_assert_uint_eq(len, 4);
	ck_assert_str_eq(out, "");
	ck_assert_uint_eq(d.off, 0);
	ck_assert_uint_eq(d.err_off, 0);
	d.err = RTI_OK;
	ck_assert_int_eq(rti_decode_unicode_string(&d, out, 5, &len), RTI_OK);
	ck_assert_str_eq(out, "S\xc3\xbc" "d");
	ck_assert_uint_eq(d.off, 10);
	ck_assert_int_eq(rti_decode_ascii_string(&d, out, 1, &len),
	    RTI_ERR_LIMIT_EXCEEDED);
	ck_assert_uint_eq(len, 1);
	ck_assert_uint_eq(d.err_off, 10);
	d.err = RTI_OK;
	ck_assert_int_eq(rti_decode_ascii_string(&d, out, 2, &len), RTI_OK);
	ck_assert_str_eq(out, "A");
	ck_assert_int_eq(rti_decoder_done(&d), RTI_OK);
}
END_TEST

START_TEST(test_null_arguments)
{
	uint8_t b[8] = { 0 };
	struct rti_encoder e;
	struct rti_decoder d;
	char s[4];

	ck_assert_int_eq(rti_encode_int32_be(NULL, 1),
	    RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_decode_int32_be(NULL, NULL),
	    RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_encoder_align(NULL, 4),
	    RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_decoder_done(NULL), RTI_ERR_INVALID_ARGUMENT);
	rti_encoder_init(NULL, b, 8);
	rti_decoder_init(NULL, b, 8);

	rti_encoder_init(&e, NULL, 8);
	ck_assert_int_eq(e.err, RTI_ERR_INVALID_ARGUMENT);
	rti_encoder_init(&e, b, sizeof b);
	ck_assert_int_eq(rti_encode_unicode_string(&e, NULL),
	    RTI_ERR_INVALID_ARGUMENT);
	rti_encoder_init(&e, b, sizeof b);
	ck_assert_int_eq(rti_encode_ascii_string(&e, NULL),
	    RTI_ERR_INVALID_ARGUMENT);
	rti_encoder_init(&e, b, sizeof b);
	ck_assert_int_eq(rti_encode_opaque(&e, NULL, 1),
	    RTI_ERR_INVALID_ARGUMENT);
	rti_encoder_init(&e, b, sizeof b);
	ck_assert_int_eq(rti_encode_octets(&e, NULL, 1),
	    RTI_ERR_INVALID_ARGUMENT);

	rti_decoder_init(&d, NULL, 4);
	ck_assert_int_eq(d.err, RTI_ERR_INVALID_ARGUMENT);
	rti_decoder_init(&d, NULL, 0);
	ck_assert_int_eq(rti_decoder_done(&d), RTI_OK);
	rti_decoder_init(&d, b, sizeof b);
	ck_assert_int_eq(rti_decode_int32_be(&d, NULL),
	    RTI_ERR_INVALID_ARGUMENT);
	ck_assert_uint_eq(d.off, 0);
	rti_decoder_init(&d, b, sizeof b);
	ck_assert_int_eq(rti_decode_unicode_string(&d, NULL, 4, NULL),
	    RTI_ERR_INVALID_ARGUMENT);
	rti_decoder_init(&d, b, sizeof b);
	ck_assert_int_eq(rti_decode_ascii_string(&d, s, sizeof s, NULL),
	    RTI_OK);
	rti_decoder_init(&d, b, sizeof b);
	ck_assert_int_eq(rti_decode_opaque_view(&d, NULL, NULL),
	    RTI_ERR_INVALID_ARGUMENT);
}
END_TEST

static Suite *
hla_suite(void)
{
	Suite *s = suite_create("hla");
	TCase *tc = tcase_create("encoding");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_basic_layout);
	tcase_add_test(tc, test_basic_decode);
	tcase_add_test(tc, test_views);
	tcase_add_test(tc, test_random_integers);
	tcase_add_test(tc, test_random_floats);
	tcase_add_test(tc, test_random_strings);
	tcase_add_test(tc, test_utf8_exhaustive);
	tcase_add_test(tc, test_invalid_utf8);
	tcase_add_test(tc, test_unpaired_surrogates);
	tcase_add_test(tc, test_invalid_content);
	tcase_add_test(tc, test_padding);
	tcase_add_test(tc, test_every_truncation);
	tcase_add_test(tc, test_encoder_overflow);
	tcase_add_test(tc, test_sticky_errors);
	tcase_add_test(tc, test_string_too_small);
	tcase_add_test(tc, test_null_arguments);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(hla_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
