/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_bundle.c - the three-level update bundle codec: round trips, the
 * exact byte layout, every truncation point, lengths and counts that lie,
 * huge counts, and cutting a bundle per subscriber; the OM message header
 * (HDR): its bytes, round trips, and what the decoder refuses.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"

/* Three instances of class 7: 100 {1:"ab", 2:""}, 101 {3:"xyz"},
 * 102 {1:"q", 3:"rs", 4:"tuvw"}. */
static void
build_sample(struct wire_buf *w)
{
	size_t c, i;

	c = bundle_class_begin(w, 7);
	i = bundle_inst_begin(w, 100);
	bundle_put_attr(w, 1, "ab", 2);
	bundle_put_attr(w, 2, "", 0);
	bundle_inst_end(w, i, 2);
	i = bundle_inst_begin(w, 101);
	bundle_put_attr(w, 3, "xyz", 3);
	bundle_inst_end(w, i, 1);
	i = bundle_inst_begin(w, 102);
	bundle_put_attr(w, 1, "q", 1);
	bundle_put_attr(w, 3, "rs", 2);
	bundle_put_attr(w, 4, "tuvw", 4);
	bundle_inst_end(w, i, 3);
	bundle_class_end(w, c, 3);
}

/* Attribute j of instance i. */
static int
attr_is(const struct bundle *b, size_t i, size_t j, uint32_t h,
    const char *v)
{
	const struct bundle_inst *in = &b->inst[i];
	const struct bundle_attr *a = &b->attrs[in->at + j];

	return j < in->n_attrs && a->handle == h && a->len == strlen(v) &&
	    memcmp(bundle_value(in, a), v, strlen(v)) == 0;
}

START_TEST(test_round_trip)
{
	struct wire_buf w;
	struct bundle b;
	const char *why = NULL;

	wire_buf_init(&w);
	bundle_init(&b);
	build_sample(&w);
	ck_assert(!w.oom);
	ck_assert_int_eq(bundle_parse(&b, w.data, w.len, &why), 0);
	ck_assert_uint_eq(b.cls, 7);
	ck_assert_uint_eq(b.n_inst, 3);
	ck_assert_uint_eq(b.n_attrs, 6);
	ck_assert_uint_eq(b.inst[0].handle, 100);
	ck_assert_uint_eq(b.inst[0].n_attrs, 2);
	ck_assert_uint_eq(b.inst[1].first, 2);
	ck_assert_uint_eq(b.inst[2].handle, 102);
	ck_assert_uint_eq(b.inst[2].first, 3);
	ck_assert(attr_is(&b, 0, 0, 1, "ab"));
	ck_assert(attr_is(&b, 0, 1, 2, ""));
	ck_assert(attr_is(&b, 1, 0, 3, "xyz"));
	ck_assert(attr_is(&b, 2, 0, 1, "q"));
	ck_assert(attr_is(&b, 2, 1, 3, "rs"));
	ck_assert(attr_is(&b, 2, 2, 4, "tuvw"));
	/* the instance layers cover the class layer exactly */
	ck_assert_ptr_eq(b.inst[0].layer, w.data + 12);
	ck_assert_uint_eq(b.inst[0].layer_len + b.inst[1].layer_len +
	    b.inst[2].layer_len, w.len - 12);
	bundle_free(&b);
	wire_buf_free(&w);
}
END_TEST

/* The documented layout, byte for byte, in network order. */
START_TEST(test_layout)
{
	static const uint8_t expect[] = {
		0, 0, 1, 2,  0, 0, 0, 1,  0, 0, 0, 21,   /* class 258 */
		0, 0, 0, 9,  0, 0, 0, 1,  0, 0, 0, 9,    /* instance 9 */
		0, 0, 0, 5,  0, 0, 0, 1,  'x'            /* attribute 5 */
	};
	struct wire_buf w;
	size_t c, i;

	wire_buf_init(&w);
	c = bundle_class_begin(&w, 258);
	i = bundle_inst_begin(&w, 9);
	bundle_put_attr(&w, 5, "x", 1);
	bundle_inst_end(&w, i, 1);
	bundle_class_end(&w, c, 1);
	ck_assert_uint_eq(w.len, sizeof expect);
	ck_assert_int_eq(memcmp(w.data, expect, sizeof expect), 0);
	wire_buf_free(&w);
}
END_TEST

START_TEST(test_empty)
{
	struct wire_buf w;
	struct bundle b;
	const char *why;
	size_t c;

	wire_buf_init(&w);
	bundle_init(&b);
	c = bundle_class_begin(&w, 3);
	bundle_class_end(&w, c, 0);
	ck_assert_uint_eq(w.len, 12);
	ck_assert_int_eq(bundle_parse(&b, w.data, w.len, &why), 0);
	ck_assert_uint_eq(b.n_inst, 0);
	ck_assert_uint_eq(b.cls, 3);
	bundle_free(&b);
	wire_buf_free(&w);
}
END_TEST

/* Every prefix fails, both as given and with the class length patched to
 * match the prefix (so the inner layers are what is checked). */
START_TEST(test_every_truncation)
{
	struct wire_buf w;
	struct bundle b;
	uint8_t *copy;
	const char *why;
	size_t k;

	wire_buf_init(&w);
	bundle_init(&b);
	build_sample(&w);
	copy = malloc(w.len);
	ck_assert_ptr_nonnull(copy);
	for (k = 0; k < w.len; k++) {
		memcpy(copy, w.data, w.len);
		why = NULL;
		ck_assert_int_eq(bundle_parse(&b, copy, k, &why), -1);
		ck_assert_ptr_nonnull(why);
		if (k >= 12) {
			wire_put32(copy + 8, (uint32_t)(k - 12));
			why = NULL;
			ck_assert_msg(bundle_parse(&b, copy, k, &why) == -1,
			    "prefix %zu accepted", k);
			ck_assert_ptr_nonnull(why);
		}
	}
	/* trailing garbage after a complete layer */
	copy = realloc(copy, w.len + 1);
	memcpy(copy, w.data, w.len);
	copy[w.len] = 0;
	ck_assert_int_eq(bundle_parse(&b, copy, w.len + 1, &why), -1);
	free(copy);
	bundle_free(&b);
	wire_buf_free(&w);
}
END_TEST

/* Offsets in the sample: class header 0, instance 100 at 12 (its attrs at
 * 24 and 34), instance 101 at 42, instance 102 at 65. */
static const struct {
	size_t off;
	int32_t delta;       /* added to the u32 there; INT32_MIN = set ~0 */
	const char *what;
} lies[] = {
	{ 4, 1, "instance count + 1" },
	{ 4, -1, "instance count - 1" },
	{ 8, 1, "class length + 1" },
	{ 8, -1, "class length - 1" },
	{ 16, 1, "attribute count + 1" },
	{ 16, -1, "attribute count - 1" },
	{ 20, 1, "instance length + 1" },
	{ 20, -1, "instance length - 1" },
	{ 20, INT32_MIN, "instance length huge" },
	{ 28, 1, "attribute length + 1" },
	{ 28, -1, "attribute length - 1" },
	{ 28, INT32_MIN, "attribute length huge" },
	{ 4, INT32_MIN, "instance count huge" },
	{ 16, INT32_MIN, "attribute count huge" },
	{ 69, INT32_MIN, "last instance attribute count huge" },
};

START_TEST(test_lying_lengths)
{
	struct wire_buf w;
	struct bundle b;
	const char *why;
	uint8_t *copy;
	uint32_t v;
	size_t k;

	wire_buf_init(&w);
	bundle_init(&b);
	build_sample(&w);
	copy = malloc(w.len);
	/* the offsets of the table are where the sample has them */
	ck_assert_uint_eq(wire_get32(w.data + 12), 100);
	ck_assert_uint_eq(wire_get32(w.data + 24), 1);
	ck_assert_uint_eq(wire_get32(w.data + 65), 102);
	for (k = 0; k < sizeof lies / sizeof lies[0]; k++) {
		memcpy(copy, w.data, w.len);
		v = wire_get32(copy + lies[k].off);
		v = lies[k].delta == INT32_MIN ? 0xffffffffu :
		    v + (uint32_t)lies[k].delta;
		wire_put32(copy + lies[k].off, v);
		why = NULL;
		ck_assert_msg(bundle_parse(&b, copy, w.len, &why) == -1,
		    "accepted: %s", lies[k].what);
		ck_assert_ptr_nonnull(why);
	}
	/* a huge count was rejected before anything was allocated */
	ck_assert_uint_lt(b.cap_inst, 1024);
	ck_assert_uint_lt(b.cap_attrs, 1024);
	free(copy);
	bundle_free(&b);
	wire_buf_free(&w);
}
END_TEST

START_TEST(test_huge_counts)
{
	uint8_t buf[12 + 12];
	struct bundle b;
	const char *why;

	bundle_init(&b);
	/* a class layer claiming 2^32-1 instances in 12 bytes */
	wire_put32(buf, 1);
	wire_put32(buf + 4, 0xffffffffu);
	wire_put32(buf + 8, 12);
	wire_put32(buf + 12, 5);
	wire_put32(buf + 16, 0);
	wire_put32(buf + 20, 0);
	ck_assert_int_eq(bundle_parse(&b, buf, sizeof buf, &why), -1);
	ck_assert_ptr_null(b.inst);
	/* one instance claiming 2^31 attributes in no bytes */
	wire_put32(buf + 4, 1);
	wire_put32(buf + 16, 0x80000000u);
	ck_assert_int_eq(bundle_parse(&b, buf, sizeof buf, &why), -1);
	ck_assert_ptr_null(b.attrs);
	/* the same, honest: parses */
	wire_put32(buf + 16, 0);
	ck_assert_int_eq(bundle_parse(&b, buf, sizeof buf, &why), 0);
	ck_assert_uint_eq(b.n_inst, 1);
	bundle_free(&b);
}
END_TEST

START_TEST(test_cut)
{
	struct wire_buf w, out;
	struct bundle b, c;
	const char *why;
	uint8_t keep[6];

	wire_buf_init(&w);
	wire_buf_init(&out);
	bundle_init(&b);
	bundle_init(&c);
	build_sample(&w);
	ck_assert_int_eq(bundle_parse(&b, w.data, w.len, &why), 0);

	/* all kept, same class: the bytes are identical */
	ck_assert_uint_eq(bundle_cut(&out, &b, 7, NULL), 3);
	ck_assert_uint_eq(out.len, w.len);
	ck_assert_int_eq(memcmp(out.data, w.data, w.len), 0);

	/* all kept, class rewritten: only the class handle differs */
	wire_buf_reset(&out);
	ck_assert_uint_eq(bundle_cut(&out, &b, 4, NULL), 3);
	ck_assert_uint_eq(wire_get32(out.data), 4);
	ck_assert_int_eq(memcmp(out.data + 4, w.data + 4, w.len - 4), 0);

	/* a subscriber of attributes 1 and 4: instance 101 goes, 100 and
	 * 102 keep only those */
	memset(keep, 0, sizeof keep);
	keep[0] = 1;            /* 100: 1 */
	keep[3] = keep[5] = 1;  /* 102: 1, 4 */
	wire_buf_reset(&out);
	ck_assert_uint_eq(bundle_cut(&out, &b, 7, keep), 2);
	ck_assert_int_eq(bundle_parse(&c, out.data, out.len, &why), 0);
	ck_assert_uint_eq(c.n_inst, 2);
	ck_assert_uint_eq(c.inst[0].handle, 100);
	ck_assert_uint_eq(c.inst[0].n_attrs, 1);
	ck_assert(attr_is(&c, 0, 0, 1, "ab"));
	ck_assert_uint_eq(c.inst[1].handle, 102);
	ck_assert_uint_eq(c.inst[1].n_attrs, 2);
	ck_assert(attr_is(&c, 1, 0, 1, "q"));
	ck_assert(attr_is(&c, 1, 1, 4, "tuvw"));

	/* an instance kept whole is copied byte for byte */
	memset(keep, 0, sizeof keep);
	keep[2] = 1;            /* 101 whole */
	keep[4] = 1;            /* 102: 3 */
	wire_buf_reset(&out);
	ck_assert_uint_eq(bundle_cut(&out, &b, 7, keep), 2);
	ck_assert_int_eq(bundle_parse(&c, out.data, out.len, &why), 0);
	ck_assert_uint_eq(c.inst[0].layer_len, b.inst[1].layer_len);
	ck_assert_int_eq(memcmp(c.inst[0].layer, b.inst[1].layer,
	    b.inst[1].layer_len), 0);
	ck_assert(attr_is(&c, 1, 0, 3, "rs"));

	/* nothing kept: nothing appended */
	memset(keep, 0, sizeof keep);
	wire_buf_reset(&out);
	wire_put_u8(&out, 0xee);
	ck_assert_uint_eq(bundle_cut(&out, &b, 7, keep), 0);
	ck_assert_uint_eq(out.len, 1);

	/* only the listed instances are looked at: 101's keep is set but it
	 * is not listed; 102 is cut to attribute 4 */
	memset(keep, 0, sizeof keep);
	keep[2] = 1;            /* 101 whole */
	keep[5] = 1;            /* 102: 4 */
	{
		const uint32_t list[] = { 0, 2 };

		wire_buf_reset(&out);
		ck_assert_uint_eq(bundle_cut_list(&out, &b, 7, keep, list, 2),
		    1);
		ck_assert_int_eq(bundle_parse(&c, out.data, out.len, &why),
		    0);
		ck_assert_uint_eq(c.n_inst, 1);
		ck_assert_uint_eq(c.inst[0].handle, 102);
		ck_assert(attr_is(&c, 0, 0, 4, "tuvw"));
		/* NULL: every instance, as bundle_cut */
		wire_buf_reset(&out);
		ck_assert_uint_eq(bundle_cut_list(&out, &b, 7, keep, NULL, 0),
		    2);
	}

	bundle_free(&b);
	bundle_free(&c);
	wire_buf_free(&w);
	wire_buf_free(&out);
}
END_TEST

/* Parse arrays are reused across parses of different sizes. */
START_TEST(test_reuse)
{
	struct wire_buf w;
	struct bundle b;
	const char *why;
	size_t c, i, k;

	wire_buf_init(&w);
	bundle_init(&b);
	c = bundle_class_begin(&w, 2);
	for (k = 0; k < 1000; k++) {
		i = bundle_inst_begin(&w, (uint32_t)k + 1);
		bundle_put_attr(&w, 1, &k, sizeof k);
		bundle_put_attr(&w, 2, "v", 1);
		bundle_inst_end(&w, i, 2);
	}
	bundle_class_end(&w, c, 1000);
	ck_assert_int_eq(bundle_parse(&b, w.data, w.len, &why), 0);
	ck_assert_uint_eq(b.n_inst, 1000);
	ck_assert_uint_eq(b.n_attrs, 2000);
	ck_assert_uint_eq(b.inst[999].handle, 1000);
	ck_assert_uint_eq(b.inst[999].first, 1998);
	ck_assert_int_eq(memcmp(bundle_value(&b.inst[999],
	    &b.attrs[b.inst[999].at]), &(size_t){ 999 }, sizeof(size_t)), 0);
	/* laid out alike: one decoded set of entries for all 1000 */
	ck_assert_uint_eq(b.n_at, 2);
	ck_assert_uint_eq(b.inst[999].at, 0);
	wire_buf_reset(&w);
	build_sample(&w);
	ck_assert_int_eq(bundle_parse(&b, w.data, w.len, &why), 0);
	ck_assert_uint_eq(b.n_inst, 3);
	ck_assert_uint_ge(b.cap_inst, 1000);
	bundle_free(&b);
	wire_buf_free(&w);
}
END_TEST

/* Instances laid out like the one before share its entries; a different
 * attribute, value length or count gets its own; a lie in a layer laid
 * out like the one before is still found. */
START_TEST(test_shared_layout)
{
	static const struct {
		uint32_t obj, a1;
		const char *v1, *v2;
		size_t at;
	} in[] = {
		{ 1, 5, "aaaa", "bb", 0 },
		{ 2, 5, "cccc", "dd", 0 },      /* alike: shares */
		{ 3, 5, "eeeee", "ff", 2 },     /* value length differs */
		{ 4, 6, "ggggg", "hh", 4 },     /* attribute differs */
		{ 5, 6, "iiiii", "jj", 4 },     /* alike again */
	};
	struct wire_buf w;
	struct bundle b;
	const char *why = NULL;
	size_t c, i, k, off;

	wire_buf_init(&w);
	bundle_init(&b);
	c = bundle_class_begin(&w, 9);
	for (k = 0; k < 5; k++) {
		i = bundle_inst_begin(&w, in[k].obj);
		bundle_put_attr(&w, in[k].a1, in[k].v1,
		    (uint32_t)strlen(in[k].v1));
		bundle_put_attr(&w, 7, in[k].v2, 2);
		bundle_inst_end(&w, i, 2);
	}
	bundle_class_end(&w, c, 5);
	ck_assert(!w.oom);
	ck_assert_int_eq(bundle_parse(&b, w.data, w.len, &why), 0);
	ck_assert_uint_eq(b.n_attrs, 10);
	ck_assert_uint_eq(b.n_at, 6);
	for (k = 0; k < 5; k++) {
		ck_assert_uint_eq(b.inst[k].at, in[k].at);
		ck_assert_uint_eq(b.inst[k].first, 2 * k);
		ck_assert(attr_is(&b, k, 0, in[k].a1, in[k].v1));
		ck_assert(attr_is(&b, k, 1, 7, in[k].v2));
	}
	/* instance 5 claims a value length that runs past its layer */
	off = (size_t)(b.inst[4].layer - w.data) + BUNDLE_INST_HDR + 4;
	wire_put32(w.data + off, 500);
	ck_assert_int_eq(bundle_parse(&b, w.data, w.len, &why), -1);
	/* ... or an attribute count its layer cannot hold */
	wire_put32(w.data + off, 5);
	wire_put32(w.data + (b.inst[4].layer - w.data) + 4, 3);
	ck_assert_int_eq(bundle_parse(&b, w.data, w.len, &why), -1);
	wire_buf_free(&w);
	bundle_free(&b);
}
END_TEST

START_TEST(test_bset)
{
	uint64_t s[2] = { 0, 0 };

	ck_assert_uint_eq(bset_words(63), 1);
	ck_assert_uint_eq(bset_words(64), 2);
	ck_assert(bset_empty(s, 2));
	bset_add(s, 0);
	bset_add(s, 64);
	bset_add(s, 127);
	ck_assert(bset_has(s, 2, 0));
	ck_assert(bset_has(s, 2, 64));
	ck_assert(bset_has(s, 2, 127));
	ck_assert(!bset_has(s, 2, 1));
	ck_assert(!bset_has(s, 2, 128)); /* out of range */
	ck_assert(!bset_has(NULL, 2, 0));
	bset_del(s, 0);
	bset_del(s, 64);
	bset_del(s, 127);
	ck_assert(bset_empty(s, 2));
}
END_TEST

/* The header bytes of `h`, then a trailer byte 0x5a. */
static void
hdr_bytes(struct wire_buf *w, const struct bundle_hdr *h, size_t *tag_off)
{
	wire_buf_reset(w);
	*tag_off = bundle_hdr_put(w, h);
	wire_put_u8(w, 0x5a);
	ck_assert(!w->oom);
}

START_TEST(test_hdr_bytes)
{
	static const uint8_t ro[] = { 0x00, 0, 0, 0, 2, 'a', 'b',
	    0, 0, 0, 2, 'c', 0, 0x5a };
	static const uint8_t tso[] = { 0x01, 1, 2, 3, 4, 5, 6, 7, 8,
	    0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0x5a };
	struct bundle_hdr h;
	struct wire_buf w;
	size_t off;

	wire_buf_init(&w);
	memset(&h, 0, sizeof h);
	h.tag = "ab";
	h.tag_len = 2;
	h.cond = "c";
	h.time = 77;              /* not put without WIRE_OMF_TIMESTAMP */
	hdr_bytes(&w, &h, &off);
	ck_assert_uint_eq(w.len, sizeof ro);
	ck_assert_mem_eq(w.data, ro, sizeof ro);
	ck_assert_uint_eq(off, 5);
	/* timestamped, empty tag, no condition (NULL) */
	memset(&h, 0, sizeof h);
	h.flags = WIRE_OMF_TIMESTAMP;
	h.time = 0x0102030405060708ull;
	h.retraction = 9;
	hdr_bytes(&w, &h, &off);
	ck_assert_uint_eq(w.len, sizeof tso);
	ck_assert_mem_eq(w.data, tso, sizeof tso);
	ck_assert_uint_eq(off, 17);
	/* "" is no condition too */
	h.cond = "";
	hdr_bytes(&w, &h, &off);
	ck_assert_mem_eq(w.data, tso, sizeof tso);
	wire_buf_free(&w);
}
END_TEST

START_TEST(test_hdr_round_trip)
{
	struct bundle_hdr h, g;
	struct wire_buf w;
	struct wire_rd rd;
	size_t off;
	int ts;

	wire_buf_init(&w);
	for (ts = 0; ts < 2; ts++) {
		memset(&h, 0, sizeof h);
		h.flags = ts ? WIRE_OMF_TIMESTAMP : 0;
		h.time = ts ? UINT64_MAX - 1 : 0;
		h.retraction = ts ? 4000000000u : 0;
		h.tag = "\0tag\0";
		h.tag_len = 5;
		h.cond = "Breaker=open";
		hdr_bytes(&w, &h, &off);
		wire_rd_init(&rd, w.data, w.len);
		ck_assert_int_eq(bundle_hdr_get(&rd, &g), 0);
		ck_assert_uint_eq(g.flags, h.flags);
		ck_assert(g.time == h.time);
		ck_assert_uint_eq(g.retraction, h.retraction);
		ck_assert_uint_eq(g.tag_len, 5);
		ck_assert_mem_eq(g.tag, h.tag, 5);
		ck_assert_ptr_eq(g.tag, w.data + off);
		ck_assert_str_eq(g.cond, h.cond);
		ck_assert_ptr_eq(g.raw, w.data);
		ck_assert_uint_eq(g.raw_len, w.len - 1);
		/* the reader is left at what follows */
		ck_assert_uint_eq(wire_get_u8(&rd), 0x5a);
		ck_assert(wire_rd_done(&rd));
	}
	wire_buf_free(&w);
}
END_TEST

START_TEST(test_hdr_refused)
{
	struct bundle_hdr h, g;
	struct wire_buf w;
	struct wire_rd rd;
	size_t off, n;
	char *big;
	int bit;

	wire_buf_init(&w);
	memset(&h, 0, sizeof h);
	h.flags = WIRE_OMF_TIMESTAMP;
	h.tag = "t";
	h.tag_len = 1;
	h.cond = "c";
	hdr_bytes(&w, &h, &off);
	/* every truncation */
	for (n = 0; n < w.len - 1; n++) {
		wire_rd_init(&rd, w.data, n);
		ck_assert_msg(bundle_hdr_get(&rd, &g) == -1, "%zu bytes", n);
		ck_assert(rd.err);
	}
	/* a flag that is not defined, whatever the rest */
	for (bit = 1; bit < 8; bit++) {
		w.data[0] = (uint8_t)(WIRE_OMF_TIMESTAMP | 1u << bit);
		wire_rd_init(&rd, w.data, w.len);
		ck_assert_int_eq(bundle_hdr_get(&rd, &g), -1);
		ck_assert(rd.err);
	}
	w.data[0] = WIRE_OMF_TIMESTAMP;
	/* a condition without its NUL, or with one inside */
	w.data[w.len - 2] = 'x';
	wire_rd_init(&rd, w.data, w.len);
	ck_assert_int_eq(bundle_hdr_get(&rd, &g), -1);
	h.cond = "ab";
	hdr_bytes(&w, &h, &off);
	w.data[w.len - 3] = '\0';
	wire_rd_init(&rd, w.data, w.len);
	ck_assert_int_eq(bundle_hdr_get(&rd, &g), -1);
	/* a condition or a tag over its limit */
	big = malloc(WIRE_MAX_TAG + 2);
	ck_assert_ptr_nonnull(big);
	memset(big, 'x', WIRE_MAX_TAG + 1);
	big[WIRE_MAX_NAME + 1] = '\0';
	h.cond = big;
	hdr_bytes(&w, &h, &off);
	wire_rd_init(&rd, w.data, w.len);
	ck_assert_int_eq(bundle_hdr_get(&rd, &g), -1);
	big[WIRE_MAX_NAME] = '\0';  /* at the limit: taken */
	hdr_bytes(&w, &h, &off);
	wire_rd_init(&rd, w.data, w.len);
	ck_assert_int_eq(bundle_hdr_get(&rd, &g), 0);
	h.cond = NULL;
	h.tag = big;
	h.tag_len = WIRE_MAX_TAG + 1;
	hdr_bytes(&w, &h, &off);
	wire_rd_init(&rd, w.data, w.len);
	ck_assert_int_eq(bundle_hdr_get(&rd, &g), -1);
	h.tag_len = WIRE_MAX_TAG;
	hdr_bytes(&w, &h, &off);
	wire_rd_init(&rd, w.data, w.len);
	ck_assert_int_eq(bundle_hdr_get(&rd, &g), 0);
	free(big);
	wire_buf_free(&w);
}
END_TEST

static Suite *
bundle_suite(void)
{
	Suite *s = suite_create("bundle");
	TCase *tc = tcase_create("codec");

	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_layout);
	tcase_add_test(tc, test_empty);
	tcase_add_test(tc, test_every_truncation);
	tcase_add_test(tc, test_lying_lengths);
	tcase_add_test(tc, test_huge_counts);
	tcase_add_test(tc, test_cut);
	tcase_add_test(tc, test_reuse);
	tcase_add_test(tc, test_shared_layout);
	tcase_add_test(tc, test_bset);
	tcase_add_test(tc, test_hdr_bytes);
	tcase_add_test(tc, test_hdr_round_trip);
	tcase_add_test(tc, test_hdr_refused);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(bundle_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
