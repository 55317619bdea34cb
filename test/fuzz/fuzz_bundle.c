/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_bundle.c - libFuzzer target for the update-bundle codec
 * (proto/bundle.h).
 *
 * Byte 0 of the input is a keep mask (attribute i is kept when bit i % 8
 * is set); the rest is used twice:
 * 1. As a class layer given to bundle_parse.  A rejected layer must give a
 *    reason and leave n_inst 0.  An accepted one must iterate over exactly
 *    its bytes: instance layers follow each other from the header to the
 *    end, attribute layers fill each instance layer, every value lies
 *    inside it, and re-encoding with bundle_*_begin/_end and
 *    bundle_put_attr gives back the same bytes.
 * 2. As a description of a bundle (counts, handles, value lengths taken
 *    from the bytes) that is encoded and must parse back to itself.
 * Every accepted bundle is cut with no mask and with the keep mask, after
 * some bytes already in the buffer; the cut must parse and hold exactly
 * the kept attributes of the non-empty instances, in order.
 */
#include <stdint.h>
#include <string.h>

#include "bundle.h"
#include "fuzz.h"

static void
check_iteration(const struct bundle *b, const uint8_t *p, size_t n)
{
	const uint8_t *q = p + BUNDLE_CLASS_HDR;
	size_t i, j, na = 0;

	FUZZ_CHECK(b->cls == wire_get32(p));
	FUZZ_CHECK(b->n_inst == wire_get32(p + 4));
	for (i = 0; i < b->n_inst; i++) {
		const struct bundle_inst *in = &b->inst[i];
		const uint8_t *a = in->layer + BUNDLE_INST_HDR;

		FUZZ_CHECK(in->layer == q);
		FUZZ_CHECK(in->layer_len >= BUNDLE_INST_HDR);
		FUZZ_CHECK(in->layer_len <= (size_t)(p + n - q));
		FUZZ_CHECK(in->handle == wire_get32(q));
		FUZZ_CHECK(in->n_attrs == wire_get32(q + 4));
		FUZZ_CHECK(in->first == na);
		FUZZ_CHECK(in->at + in->n_attrs <= b->n_at);
		/* shared entries only with the instance before */
		FUZZ_CHECK(in->at == (i ? b->inst[i - 1].at +
		    (in->at != b->inst[i - 1].at) * b->inst[i - 1].n_attrs : 0));
		for (j = 0; j < in->n_attrs; j++) {
			const struct bundle_attr *at = &b->attrs[in->at + j];

			FUZZ_CHECK(at->handle == wire_get32(a));
			FUZZ_CHECK(at->len == wire_get32(a + 4));
			FUZZ_CHECK(bundle_value(in, at) == a + BUNDLE_ATTR_HDR);
			a = bundle_value(in, at) + at->len;
			FUZZ_CHECK(a <= in->layer + in->layer_len);
		}
		FUZZ_CHECK(a == in->layer + in->layer_len);
		na += in->n_attrs;
		q += in->layer_len;
	}
	FUZZ_CHECK(na == b->n_attrs);
	FUZZ_CHECK(q == p + n);
}

/* Encode `b` afresh; the bytes must equal `p`. */
static void
check_reencode(const struct bundle *b, const uint8_t *p, size_t n)
{
	struct wire_buf w;
	size_t coff, ioff, i, j;

	wire_buf_init(&w);
	coff = bundle_class_begin(&w, b->cls);
	for (i = 0; i < b->n_inst; i++) {
		const struct bundle_inst *in = &b->inst[i];

		ioff = bundle_inst_begin(&w, in->handle);
		for (j = 0; j < in->n_attrs; j++) {
			const struct bundle_attr *a = &b->attrs[in->at + j];

			bundle_put_attr(&w, a->handle, bundle_value(in, a),
			    a->len);
		}
		bundle_inst_end(&w, ioff, in->n_attrs);
	}
	bundle_class_end(&w, coff, b->n_inst);
	FUZZ_CHECK(!w.oom);
	FUZZ_CHECK(w.len == n && memcmp(w.data, p, n) == 0);
	wire_buf_free(&w);
}

static int
kept(const uint8_t *keep, size_t i)
{
	return !keep || keep[i];
}

/* bundle_cut of `b` with `keep` appended after three bytes. */
static void
check_cut(const struct bundle *b, const uint8_t *keep)
{
	static const uint8_t prefix[3] = { 0xde, 0xad, 0x00 };
	struct wire_buf w;
	struct bundle c;
	const char *why = NULL;
	uint32_t n_out, want = 0;
	size_t i, j, k = 0;

	wire_buf_init(&w);
	bundle_init(&c);
	wire_put_raw(&w, prefix, sizeof prefix);
	for (i = 0; i < b->n_inst; i++)
		for (j = 0; j < b->inst[i].n_attrs; j++)
			if (kept(keep, b->inst[i].first + j)) {
				want++;
				break;
			}
	n_out = bundle_cut(&w, b, 7, keep);
	FUZZ_CHECK(!w.oom);
	FUZZ_CHECK(n_out == want);
	FUZZ_CHECK(memcmp(w.data, prefix, sizeof prefix) == 0);
	if (n_out == 0) {
		FUZZ_CHECK(w.len == sizeof prefix);
		goto out;
	}
	FUZZ_CHECK(bundle_parse(&c, w.data + sizeof prefix,
	    w.len - sizeof prefix, &why) == 0);
	check_iteration(&c, w.data + sizeof prefix, w.len - sizeof prefix);
	FUZZ_CHECK(c.cls == 7 && c.n_inst == n_out);
	for (i = 0; i < b->n_inst; i++) {
		const struct bundle_inst *in = &b->inst[i];
		size_t m = 0;

		for (j = 0; j < in->n_attrs; j++)
			m += kept(keep, in->first + j);
		if (m == 0)
			continue;
		FUZZ_CHECK(k < c.n_inst);
		FUZZ_CHECK(c.inst[k].handle == in->handle);
		FUZZ_CHECK(c.inst[k].n_attrs == m);
		m = c.inst[k].at;
		for (j = 0; j < in->n_attrs; j++) {
			const struct bundle_attr *a = &b->attrs[in->at + j];

			if (!kept(keep, in->first + j))
				continue;
			FUZZ_CHECK(c.attrs[m].handle == a->handle);
			FUZZ_CHECK(c.attrs[m].len == a->len);
			FUZZ_CHECK(a->len == 0 ||
			    memcmp(bundle_value(&c.inst[k], &c.attrs[m]),
			    bundle_value(in, a), a->len) == 0);
			m++;
		}
		k++;
	}
	FUZZ_CHECK(k == c.n_inst);
out:
	bundle_free(&c);
	wire_buf_free(&w);
}

static void
check_accepted(const struct bundle *b, const uint8_t *p, size_t n,
    uint8_t mask)
{
	uint8_t *keep;
	size_t i;

	check_iteration(b, p, n);
	check_reencode(b, p, n);
	check_cut(b, NULL);
	keep = malloc(b->n_attrs ? b->n_attrs : 1);
	FUZZ_CHECK(keep != NULL);
	for (i = 0; i < b->n_attrs; i++)
		keep[i] = (mask >> (i % 8)) & 1;
	check_cut(b, keep);
	free(keep);
}

static void
fuzz_parse(const uint8_t *p, size_t n, uint8_t mask)
{
	struct bundle b;
	const char *why = NULL;
	int rc;

	bundle_init(&b);
	rc = bundle_parse(&b, p, n, &why);
	FUZZ_CHECK(rc == 0 || rc == -1);
	if (rc < 0) {
		FUZZ_CHECK(why != NULL && why[0] != '\0');
		FUZZ_CHECK(b.n_inst == 0);
	} else {
		check_accepted(&b, p, n, mask);
	}
	/* A second parse into the same arrays gives the same result. */
	FUZZ_CHECK(bundle_parse(&b, p, n, &why) == rc);
	if (rc == 0)
		check_iteration(&b, p, n);
	bundle_free(&b);
}

/* Next description byte, 0 past the end. */
static uint8_t
next(const uint8_t **d, const uint8_t *end)
{
	return *d < end ? *(*d)++ : 0;
}

static void
fuzz_build(const uint8_t *d, size_t size, uint8_t mask)
{
	const uint8_t *end = d + size;
	struct wire_buf w;
	struct bundle b;
	const char *why = NULL;
	uint32_t n_inst, i, j;
	size_t coff, ioff;

	wire_buf_init(&w);
	bundle_init(&b);
	n_inst = next(&d, end) % 8;
	coff = bundle_class_begin(&w, next(&d, end));
	for (i = 0; i < n_inst; i++) {
		uint32_t na = next(&d, end) % 8;

		ioff = bundle_inst_begin(&w, next(&d, end));
		for (j = 0; j < na; j++) {
			uint32_t h = next(&d, end), len = next(&d, end) % 16;
			uint8_t v[16];
			uint32_t k;

			for (k = 0; k < len; k++)
				v[k] = next(&d, end);
			bundle_put_attr(&w, h, v, len);
		}
		bundle_inst_end(&w, ioff, na);
	}
	bundle_class_end(&w, coff, n_inst);
	FUZZ_CHECK(!w.oom);
	FUZZ_CHECK(bundle_parse(&b, w.data, w.len, &why) == 0);
	FUZZ_CHECK(b.n_inst == n_inst);
	check_accepted(&b, w.data, w.len, mask);
	/* The same bytes with one byte changed must not crash the parser. */
	if (d < end && w.len > 0) {
		w.data[*d % w.len] ^= (uint8_t)(1u << (mask % 8));
		fuzz_parse(w.data, w.len, mask);
	}
	bundle_free(&b);
	wire_buf_free(&w);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t mask;

	if (size == 0)
		return 0;
	mask = data[0];
	fuzz_parse(data + 1, size - 1, mask);
	fuzz_build(data + 1, size - 1, mask);
	return 0;
}
