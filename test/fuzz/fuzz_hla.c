/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_hla.c - libFuzzer target for the HLA encoding helpers (proto/hla.c,
 * librti-encoding(3)).
 *
 * Byte 0 of the input gives a number of operations (its low 5 bits), the
 * bytes after it the operations, one byte each: the low 5 bits choose a
 * decoder (table `ops`), the high 3 bits an argument (the size of a string
 * buffer, elem_min of a count, the length of an octets view).  The rest
 * of the input is the value to decode.  The decoders run in order until
 * one fails; each value decoded is encoded again at once, so that:
 *   - the encoder's length follows the decoder's offset, item by item;
 *   - the bytes encoded equal the bytes decoded, the padding excepted
 *     (the decoder skips it unchecked, the encoder writes zeros);
 *   - a failure leaves off <= err_off <= len, and only
 *     RTI_ERR_DECODER_ERROR or, for a string buffer too small,
 *     RTI_ERR_LIMIT_EXCEEDED, whose retry with the size it gave succeeds.
 * The same bytes are also given to the encoders as text: UTF-8 accepted by
 * rti_encode_unicode_string_n decodes back to itself; refused UTF-8 has a
 * valid prefix up to err_off and an ill-formed sequence there; measuring
 * (no buffer) gives the same length as encoding.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hla.h"
#include "fuzz.h"

enum {
	OP_OCTET, OP_I16BE, OP_I16LE, OP_I32BE, OP_I32LE, OP_I64BE, OP_I64LE,
	OP_F32BE, OP_F32LE, OP_F64BE, OP_F64LE, OP_PAIRBE, OP_PAIRLE,
	OP_ASCII_CHAR, OP_UNICODE_CHAR, OP_BYTE, OP_BOOLEAN, OP_ASCII_STRING,
	OP_ASCII_VIEW, OP_UNICODE_STRING, OP_OPAQUE_VIEW, OP_COUNT,
	OP_ALIGN2, OP_ALIGN4, OP_ALIGN8, OP_OCTETS_VIEW,
	OP__COUNT
};

struct run {
	struct rti_decoder d;
	struct rti_encoder e;
	uint8_t *pad;		/* 1 where the decoder skipped padding */
	char *text;		/* room for any decoded string */
	size_t text_cap;
};

/*
 * Decode a string with a buffer of `cap` bytes; a buffer too small must
 * say the size needed, and the retry with it must succeed.
 */
static int
string_op(struct run *r, int unicode, size_t cap, size_t *len)
{
	size_t off = r->d.off, need = 0;
	int rc;

	if (cap > r->text_cap)
		cap = r->text_cap;
	rc = unicode ? rti_decode_unicode_string(&r->d, r->text, cap, len) :
	    rti_decode_ascii_string(&r->d, r->text, cap, len);
	if (rc != RTI_ERR_LIMIT_EXCEEDED)
		return rc;
	need = *len;
	FUZZ_CHECK(need + 1 > cap);
	FUZZ_CHECK(r->d.off == off && r->d.err_off == off);
	FUZZ_CHECK(need + 1 <= r->text_cap);
	r->d.err = RTI_OK;
	rc = unicode ? rti_decode_unicode_string(&r->d, r->text, need + 1,
	    len) : rti_decode_ascii_string(&r->d, r->text, need + 1, len);
	FUZZ_CHECK(rc == RTI_OK);
	FUZZ_CHECK(*len == need && r->text[need] == '\0');
	return rc;
}

/* Decode one item with op `op` (argument `arg`) and encode it again;
 * returns the decoder's result. */
static int
step(struct run *r, unsigned op, unsigned arg)
{
	struct rti_decoder *d = &r->d;
	struct rti_encoder *e = &r->e;
	size_t at = d->off, len = 0, i;
	const void *p;
	const char *q;
	uint32_t n;
	int rc;

	switch (op) {
#define SCALAR(OP, type, name)                                            \
	case OP: {                                                        \
		type v;                                                   \
                                                                          \
		if ((rc = rti_decode_##name(d, &v)) == RTI_OK)            \
			FUZZ_CHECK(rti_encode_##name(e, v) == RTI_OK);    \
		break;                                                    \
	}
	SCALAR(OP_OCTET, uint8_t, octet)
	SCALAR(OP_I16BE, int16_t, int16_be)
	SCALAR(OP_I16LE, int16_t, int16_le)
	SCALAR(OP_I32BE, int32_t, int32_be)
	SCALAR(OP_I32LE, int32_t, int32_le)
	SCALAR(OP_I64BE, int64_t, int64_be)
	SCALAR(OP_I64LE, int64_t, int64_le)
	SCALAR(OP_F32BE, float, float32_be)
	SCALAR(OP_F32LE, float, float32_le)
	SCALAR(OP_F64BE, double, float64_be)
	SCALAR(OP_F64LE, double, float64_le)
	SCALAR(OP_PAIRBE, uint16_t, octet_pair_be)
	SCALAR(OP_PAIRLE, uint16_t, octet_pair_le)
	SCALAR(OP_ASCII_CHAR, char, ascii_char)
	SCALAR(OP_UNICODE_CHAR, uint16_t, unicode_char)
	SCALAR(OP_BYTE, uint8_t, byte)
	SCALAR(OP_BOOLEAN, int, boolean)
#undef SCALAR
	case OP_ASCII_STRING:
	case OP_UNICODE_STRING:
		/* arg 0: a buffer large enough; else 2^arg - 1 bytes */
		rc = string_op(r, op == OP_UNICODE_STRING,
		    arg ? ((size_t)1 << arg) - 1 : r->text_cap, &len);
		if (rc == RTI_OK)
			FUZZ_CHECK((op == OP_UNICODE_STRING ?
			    rti_encode_unicode_string_n :
			    rti_encode_ascii_string_n)(e, r->text, len) ==
			    RTI_OK);
		break;
	case OP_ASCII_VIEW:
		if ((rc = rti_decode_ascii_string_view(d, &q, &n)) == RTI_OK) {
			FUZZ_CHECK((const uint8_t *)q == d->buf + at + 4);
			FUZZ_CHECK(rti_encode_opaque(e, q, n) == RTI_OK);
		}
		break;
	case OP_OPAQUE_VIEW:
		if ((rc = rti_decode_opaque_view(d, &p, &n)) == RTI_OK) {
			FUZZ_CHECK(p == d->buf + at + 4);
			FUZZ_CHECK(rti_encode_opaque(e, p, n) == RTI_OK);
		}
		break;
	case OP_COUNT:
		if ((rc = rti_decode_count(d, &n, arg)) == RTI_OK) {
			FUZZ_CHECK(n <= HLA_COUNT_MAX);
			FUZZ_CHECK(!arg || n <= (d->len - d->off) / arg);
			FUZZ_CHECK(rti_encode_count(e, n) == RTI_OK);
		}
		break;
	case OP_ALIGN2:
	case OP_ALIGN4:
	case OP_ALIGN8:
		if ((rc = rti_decoder_align(d, (size_t)2 << (op - OP_ALIGN2)))
		    == RTI_OK) {
			for (i = at; i < d->off; i++)
				r->pad[i] = 1;
			FUZZ_CHECK(rti_encoder_align(e,
			    (size_t)2 << (op - OP_ALIGN2)) == RTI_OK);
		}
		break;
	case OP_OCTETS_VIEW:
	default:
		if ((rc = rti_decode_octets_view(d, &p, arg)) == RTI_OK) {
			FUZZ_CHECK(!arg || p == d->buf + at);
			FUZZ_CHECK(rti_encode_octets(e, p, arg) == RTI_OK);
		}
		break;
	}
	if (rc == RTI_OK) {
		FUZZ_CHECK(d->err == RTI_OK && d->off >= at);
		FUZZ_CHECK(e->len == d->off);
	} else {
		FUZZ_CHECK(rc == d->err);
		FUZZ_CHECK(rc == RTI_ERR_DECODER_ERROR);
		FUZZ_CHECK(d->off == at);
		FUZZ_CHECK(at <= d->err_off && d->err_off <= d->len);
		FUZZ_CHECK(e->len == at);
	}
	return rc;
}

/* The decoders over `data`, operations from `prog`. */
static void
decode_program(const uint8_t *prog, size_t n_prog, const uint8_t *data,
    size_t size)
{
	struct run r;
	uint8_t *out;
	size_t i;

	r.pad = calloc(size + 1, 1);
	r.text_cap = 3 * size + 1;	/* UTF-8 of any string in data */
	r.text = malloc(r.text_cap);
	out = malloc(size + 1);
	FUZZ_CHECK(r.pad && r.text && out);
	rti_decoder_init(&r.d, data, size);
	rti_encoder_init(&r.e, out, size + 1);
	for (i = 0; i < n_prog; i++)
		if (step(&r, (prog[i] & 31) % OP__COUNT, prog[i] >> 5)
		    != RTI_OK)
			break;
	FUZZ_CHECK(r.e.err == RTI_OK && r.e.len == r.d.off);
	for (i = 0; i < r.e.len; i++)
		FUZZ_CHECK(out[i] == (r.pad[i] ? 0 : data[i]));
	if (r.d.err == RTI_OK) {
		if (rti_decoder_done(&r.d) == RTI_OK)
			FUZZ_CHECK(r.d.off == size);
		else
			FUZZ_CHECK(r.d.err_off == r.d.off && r.d.off < size);
	}
	free(out);
	free(r.text);
	free(r.pad);
}

/* The bytes as text for the string encoders. */
static void
encode_text(const uint8_t *s, size_t n)
{
	struct rti_encoder e, m;
	struct rti_decoder d;
	uint8_t *buf = malloc(4 + 2 * n + 1);
	char *back = malloc(n + 1);
	size_t len, i, k;
	uint32_t cp;
	int rc;

	FUZZ_CHECK(buf && back);
	rti_encoder_init(&e, buf, 4 + 2 * n);
	rti_encoder_init(&m, NULL, 0);
	rc = rti_encode_unicode_string_n(&e, (const char *)s, n);
	rti_encode_unicode_string_n(&m, (const char *)s, n);
	if (rc == RTI_OK) {
		FUZZ_CHECK(m.err == RTI_ERR_LIMIT_EXCEEDED && m.len == e.len);
		rti_decoder_init(&d, buf, e.len);
		FUZZ_CHECK(rti_decode_unicode_string(&d, back, n + 1, &len) ==
		    RTI_OK);
		FUZZ_CHECK(len == n && memcmp(back, s, n) == 0);
		FUZZ_CHECK(rti_decoder_done(&d) == RTI_OK);
	} else {
		FUZZ_CHECK(rc == RTI_ERR_INVALID_ARGUMENT && e.len == 0);
		FUZZ_CHECK(m.err == RTI_ERR_INVALID_ARGUMENT &&
		    m.err_off == e.err_off);
		FUZZ_CHECK(e.err_off < n);
		i = e.err_off;
		FUZZ_CHECK(hla_utf8_next(s, n, &i, &cp) < 0 &&
		    i == e.err_off);
		rti_encoder_init(&e, buf, 4 + 2 * n);
		FUZZ_CHECK(rti_encode_unicode_string_n(&e, (const char *)s,
		    i) == RTI_OK);
	}
	/* HLAASCIIstring: accepted exactly when every byte is 7-bit */
	for (k = 0; k < n && s[k] < 0x80; k++)
		;
	rti_encoder_init(&e, buf, 4 + 2 * n);
	rc = rti_encode_ascii_string_n(&e, (const char *)s, n);
	FUZZ_CHECK((rc == RTI_OK) == (k == n));
	if (rc != RTI_OK)
		FUZZ_CHECK(e.err_off == k);
	free(back);
	free(buf);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t n_prog;

	if (size == 0)
		return 0;
	n_prog = data[0] & 31;
	if (n_prog > size - 1)
		n_prog = size - 1;
	decode_program(data + 1, n_prog, data + 1 + n_prog,
	    size - 1 - n_prog);
	encode_text(data + 1 + n_prog, size - 1 - n_prog);
	return 0;
}
