/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_mcsel.c - what a federate takes of a group datagram (mcsel.h):
 * the pairing of selections and frames, the selection's word on one
 * federate (first entry, handle 0, truncation, unknown modes), frames
 * taken whole with their flags, reflections cut to the bitmap value by
 * value, and every refusal counted by its reason with nothing appended.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "mcsel.h"
#include "wire.h"

#define RX 0x8000u

struct ent {
	uint32_t who;
	uint8_t mode;
	uint16_t nb;              /* MC_SEL_CUT: bytes of bits */
	const char *bits;
};

/* An MC_SELECT frame of the n entries e. */
static void
put_sel(struct wire_buf *w, const struct ent *e, int n)
{
	size_t off = wire_frame_begin(w, MC_SELECT);
	int i;

	wire_put_u16(w, (uint16_t)n);
	for (i = 0; i < n; i++) {
		wire_put_u32(w, e[i].who);
		wire_put_u8(w, e[i].mode);
		if (e[i].mode == MC_SEL_CUT) {
			wire_put_u16(w, e[i].nb);
			wire_put_raw(w, e[i].bits, e[i].nb);
		}
	}
	wire_frame_end(w, off);
}

static void
put_hdr(struct wire_buf *w)
{
	struct bundle_hdr h = { 0 };

	h.tag = "tg";
	h.tag_len = 2;
	h.cond = "";
	bundle_hdr_put(w, &h);
}

/* A reflection from federate 9 of class 7: 100 {1:"ab", 2:""},
 * 101 {3:"xyz"}, 102 {1:"q", 3:"rs", 4:"tuvw"} (six values), with
 * header flags `flags`. */
static void
put_reflect(struct wire_buf *w, uint16_t flags)
{
	size_t off = wire_frame_begin(w, WIRE_CB_REFLECT), c, i;

	wire_put_u32(w, 9);
	put_hdr(w);
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
	wire_frame_end(w, off);
	wire_put16(w->data + off + 6, flags);
}

/* An interaction from federate 9 of class 5, one parameter. */
static void
put_interaction(struct wire_buf *w)
{
	size_t off = wire_frame_begin(w, WIRE_CB_INTERACTION);

	wire_put_u32(w, 9);
	put_hdr(w);
	wire_put_u32(w, 5);
	wire_put_u32(w, 1);
	wire_put_u32(w, 2);
	wire_put_u32(w, 3);
	wire_put_raw(w, "abc", 3);
	wire_frame_end(w, off);
}

/* The frame of `w` at `off`: its type, flags and payload. */
static void
frame_at(const struct wire_buf *w, size_t off, uint16_t *type,
    uint16_t *flags, const uint8_t **pl, uint32_t *plen)
{
	uint32_t len;

	ck_assert_int_eq(wire_frame_peek(w->data + off, w->len - off,
	    1u << 20, type, flags, &len), 1);
	ck_assert_uint_le(off + WIRE_HEADER_SIZE + len, w->len);
	*pl = w->data + off + WIRE_HEADER_SIZE;
	*plen = len;
}

/* The class layer of a reflection payload pl[0..plen), parsed. */
static void
layer_of(const uint8_t *pl, uint32_t plen, struct bundle *b)
{
	struct wire_rd rd;
	struct bundle_hdr h;
	const char *why = NULL;

	wire_rd_init(&rd, pl, plen);
	ck_assert_uint_eq(wire_get_u32(&rd), 9);
	ck_assert_int_eq(bundle_hdr_get(&rd, &h), 0);
	ck_assert_uint_eq(h.tag_len, 2);
	ck_assert_int_eq(memcmp(h.tag, "tg", 2), 0);
	ck_assert_int_eq(bundle_parse(b, rd.p, wire_rd_left(&rd), &why), 0);
}

static int
attr_is(const struct bundle *b, size_t i, size_t j, uint32_t h,
    const char *v)
{
	const struct bundle_inst *in = &b->inst[i];
	const struct bundle_attr *a = &b->attrs[in->at + j];

	return j < in->n_attrs && a->handle == h && a->len == strlen(v) &&
	    memcmp(bundle_value(in, a), v, strlen(v)) == 0;
}

START_TEST(test_pairs)
{
	static const struct ent e[] = { { 3, MC_SEL_WHOLE, 0, NULL } };
	struct wire_buf w;

	wire_buf_init(&w);
	ck_assert_int_eq(mcsel_frames_ok(w.data, 0), 0);
	put_sel(&w, e, 1);
	ck_assert_int_eq(mcsel_frames_ok(w.data, w.len), 0);
	put_reflect(&w, 0);
	ck_assert_int_eq(mcsel_frames_ok(w.data, w.len), 1);
	put_sel(&w, e, 1);
	put_interaction(&w);
	ck_assert_int_eq(mcsel_frames_ok(w.data, w.len), 1);
	/* a selection without its frame */
	put_sel(&w, e, 1);
	ck_assert_int_eq(mcsel_frames_ok(w.data, w.len), 0);
	/* two selections in a row */
	put_sel(&w, e, 1);
	ck_assert_int_eq(mcsel_frames_ok(w.data, w.len), 0);
	wire_buf_reset(&w);
	/* a frame before its selection; a frame of another type */
	put_reflect(&w, 0);
	put_sel(&w, e, 1);
	ck_assert_int_eq(mcsel_frames_ok(w.data, w.len), 0);
	wire_buf_reset(&w);
	put_sel(&w, e, 1);
	wire_frame_end(&w, wire_frame_begin(&w, WIRE_CB_REMOVE));
	ck_assert_int_eq(mcsel_frames_ok(w.data, w.len), 0);
	ck_assert(!w.oom);
	wire_buf_free(&w);
}
END_TEST

START_TEST(test_find)
{
	static const struct ent e[] = {
		{ 0, MC_SEL_WHOLE, 0, NULL },
		{ 4, MC_SEL_CUT, 2, "\x05\x01" },
		{ 6, MC_SEL_WHOLE, 0, NULL },
		{ 4, MC_SEL_WHOLE, 0, NULL },
		{ 8, 2, 0, NULL },
		{ 10, MC_SEL_WHOLE, 0, NULL },
	};
	struct mcsel_pick p;
	struct wire_buf w;
	const uint8_t *sel;
	uint32_t n;

	wire_buf_init(&w);
	put_sel(&w, e, 6);
	ck_assert(!w.oom);
	sel = w.data + WIRE_HEADER_SIZE;
	n = (uint32_t)(w.len - WIRE_HEADER_SIZE);
	ck_assert_int_eq(mcsel_find(sel, n, 6, &p), 1);
	ck_assert_uint_eq(p.mode, MC_SEL_WHOLE);
	ck_assert_ptr_null(p.bits);
	ck_assert_uint_eq(p.nbytes, 0);
	/* the first entry naming 4 counts */
	ck_assert_int_eq(mcsel_find(sel, n, 4, &p), 1);
	ck_assert_uint_eq(p.mode, MC_SEL_CUT);
	ck_assert_uint_eq(p.nbytes, 2);
	ck_assert_ptr_eq(p.bits, sel + 2 + 5 + 5 + 2);
	ck_assert_int_eq(memcmp(p.bits, "\x05\x01", 2), 0);
	/* handle 0 is never named, 7 is not named */
	ck_assert_int_eq(mcsel_find(sel, n, 0, &p), 0);
	ck_assert_int_eq(mcsel_find(sel, n, 7, &p), 0);
	/* after an entry of an unknown mode nothing is named */
	ck_assert_int_eq(mcsel_find(sel, n, 10, &p), 0);
	/* every truncation: 6 no longer named once its entry is cut */
	for (; n > 0; n--)
		ck_assert_int_eq(mcsel_find(sel, n - 1, 6, &p),
		    n - 1 >= 2 + 5 + 9 + 5);
	/* a count larger than the entries: those present still count */
	wire_put16(w.data + WIRE_HEADER_SIZE, 60000);
	ck_assert_int_eq(mcsel_find(sel, 2 + 5 + 9 + 5, 6, &p), 1);
	ck_assert_int_eq(mcsel_find(sel, 2 + 5 + 9 + 5, 8, &p), 0);
	/* a bitmap longer than the selection */
	wire_put16(w.data + WIRE_HEADER_SIZE + 2 + 5 + 5, 5000);
	ck_assert_int_eq(mcsel_find(sel, w.len - WIRE_HEADER_SIZE, 4, &p),
	    0);
	wire_buf_free(&w);
}
END_TEST

START_TEST(test_take_whole)
{
	static const struct ent me[] = { { 2, MC_SEL_WHOLE, 0, NULL },
		{ 5, MC_SEL_WHOLE, 0, NULL } };
	static const struct ent other[] = { { 2, MC_SEL_WHOLE, 0, NULL } };
	struct mcsel_count c = { 0, 0, 0 };
	struct wire_buf w, out;
	const uint8_t *pl;
	uint16_t type, flags;
	uint32_t plen;
	size_t refl, inter, len;

	wire_buf_init(&w);
	wire_buf_init(&out);
	wire_put_raw(&out, "kept", 4);
	put_sel(&w, me, 2);
	refl = w.len;
	put_reflect(&w, 0x0003);
	put_sel(&w, other, 1);
	put_reflect(&w, 0);
	put_sel(&w, me, 2);
	inter = w.len;
	put_interaction(&w);
	ck_assert(!w.oom);
	ck_assert_int_eq(mcsel_frames_ok(w.data, w.len), 1);
	ck_assert_int_eq(mcsel_take(&out, w.data, w.len, 5, RX, &c), 1);
	ck_assert_uint_eq(c.not_addressed, 1);
	ck_assert_uint_eq(c.cut, 0);
	ck_assert_uint_eq(c.rejected, 0);
	ck_assert_int_eq(memcmp(out.data, "kept", 4), 0);
	/* the reflection as sent, its flags kept and RX added */
	frame_at(&out, 4, &type, &flags, &pl, &plen);
	ck_assert_uint_eq(type, WIRE_CB_REFLECT);
	ck_assert_uint_eq(flags, 0x0003 | RX);
	len = WIRE_HEADER_SIZE + plen;
	ck_assert_int_eq(memcmp(pl, w.data + refl + WIRE_HEADER_SIZE, plen),
	    0);
	ck_assert_uint_eq(wire_get32(w.data + refl), plen);
	frame_at(&out, 4 + len, &type, &flags, &pl, &plen);
	ck_assert_uint_eq(type, WIRE_CB_INTERACTION);
	ck_assert_uint_eq(flags, RX);
	ck_assert_int_eq(memcmp(pl, w.data + inter + WIRE_HEADER_SIZE, plen),
	    0);
	ck_assert_uint_eq(out.len, 4 + len + WIRE_HEADER_SIZE + plen);
	/* a federate named nowhere takes nothing */
	memset(&c, 0, sizeof c);
	ck_assert_int_eq(mcsel_take(&out, w.data, w.len, 7, RX, &c), 0);
	ck_assert_uint_eq(c.not_addressed, 3);
	ck_assert_uint_eq(out.len, 4 + len + WIRE_HEADER_SIZE + plen);
	wire_buf_free(&w);
	wire_buf_free(&out);
}
END_TEST

START_TEST(test_take_cut)
{
	/* values 0..5: keep "ab" (0), "xyz" (2), "tuvw" (5) */
	static const struct ent e[] = { { 3, MC_SEL_WHOLE, 0, NULL },
		{ 4, MC_SEL_CUT, 1, "\x25" } };
	struct mcsel_count c = { 0, 0, 0 };
	struct wire_buf w, out;
	struct bundle b;
	const uint8_t *pl;
	uint16_t type, flags;
	uint32_t plen;

	wire_buf_init(&w);
	wire_buf_init(&out);
	bundle_init(&b);
	put_sel(&w, e, 2);
	put_reflect(&w, 0x0003);
	ck_assert(!w.oom);
	ck_assert_int_eq(mcsel_take(&out, w.data, w.len, 4, RX, &c), 1);
	ck_assert_uint_eq(c.cut, 3);
	ck_assert_uint_eq(c.not_addressed + c.rejected, 0);
	frame_at(&out, 0, &type, &flags, &pl, &plen);
	ck_assert_uint_eq(out.len, WIRE_HEADER_SIZE + plen);
	ck_assert_uint_eq(type, WIRE_CB_REFLECT);
	ck_assert_uint_eq(flags, RX);
	layer_of(pl, plen, &b);
	ck_assert_uint_eq(b.cls, 7);
	ck_assert_uint_eq(b.n_inst, 3);
	ck_assert_uint_eq(b.n_attrs, 3);
	ck_assert_uint_eq(b.inst[0].handle, 100);
	ck_assert(attr_is(&b, 0, 0, 1, "ab"));
	ck_assert_uint_eq(b.inst[0].n_attrs, 1);
	ck_assert(attr_is(&b, 1, 0, 3, "xyz"));
	ck_assert_uint_eq(b.inst[2].handle, 102);
	ck_assert_uint_eq(b.inst[2].n_attrs, 1);
	ck_assert(attr_is(&b, 2, 0, 4, "tuvw"));
	/* federate 3 takes it whole, the six values */
	wire_buf_reset(&out);
	memset(&c, 0, sizeof c);
	ck_assert_int_eq(mcsel_take(&out, w.data, w.len, 3, RX, &c), 1);
	ck_assert_uint_eq(c.cut, 0);
	frame_at(&out, 0, &type, &flags, &pl, &plen);
	ck_assert_uint_eq(flags, 0x0003 | RX);
	layer_of(pl, plen, &b);
	ck_assert_uint_eq(b.n_attrs, 6);
	bundle_free(&b);
	wire_buf_free(&w);
	wire_buf_free(&out);
}
END_TEST

/* Each refusal: the datagram e (pair of the selection and `inter` an
 * interaction, else the reflection), taken by federate 4, appends
 * nothing and counts `rejected` and `cut`. */
static void
refused(const struct ent *e, int inter, uint64_t rejected, uint64_t cut)
{
	struct mcsel_count c = { 0, 0, 0 };
	struct wire_buf w, out;

	wire_buf_init(&w);
	wire_buf_init(&out);
	wire_put_raw(&out, "x", 1);
	put_sel(&w, e, 1);
	if (inter)
		put_interaction(&w);
	else
		put_reflect(&w, 0);
	ck_assert(!w.oom);
	ck_assert_int_eq(mcsel_frames_ok(w.data, w.len), 1);
	ck_assert_int_eq(mcsel_take(&out, w.data, w.len, 4, RX, &c), 0);
	ck_assert_uint_eq(out.len, 1);
	ck_assert(!out.oom);
	ck_assert_uint_eq(c.rejected, rejected);
	ck_assert_uint_eq(c.cut, cut);
	ck_assert_uint_eq(c.not_addressed, 0);
	wire_buf_free(&w);
	wire_buf_free(&out);
}

START_TEST(test_refused)
{
	static const struct ent none[] = { { 4, MC_SEL_CUT, 1, "\x00" } };
	static const struct ent some[] = { { 4, MC_SEL_CUT, 1, "\x3f" } };
	static const struct ent longer[] = { { 4, MC_SEL_CUT, 2, "\x3f\0" } };
	static const struct ent shorter[] = { { 4, MC_SEL_CUT, 0, "" } };

	/* nothing left of the cut: no frame, six values cut */
	refused(none, 0, 0, 6);
	/* an interaction is never cut */
	refused(some, 1, 1, 0);
	/* a bitmap of another size than the reflection's values */
	refused(longer, 0, 1, 0);
	refused(shorter, 0, 1, 0);
}
END_TEST

START_TEST(test_refused_reflection)
{
	static const struct ent e[] = { { 4, MC_SEL_CUT, 1, "\x3f" } };
	struct mcsel_count c = { 0, 0, 0 };
	struct wire_buf w, out;
	size_t refl, n;

	wire_buf_init(&w);
	wire_buf_init(&out);
	put_sel(&w, e, 1);
	refl = w.len;
	put_reflect(&w, 0);
	ck_assert(!w.oom);
	/* every shorter reflection (its frame length patched, the frames
	 * still whole) is malformed: refused, nothing appended */
	for (n = w.len - refl - WIRE_HEADER_SIZE; n-- > 0;) {
		memset(&c, 0, sizeof c);
		wire_patch_u32(&w, refl, (uint32_t)n);
		ck_assert_int_eq(mcsel_frames_ok(w.data,
		    refl + WIRE_HEADER_SIZE + n), 1);
		ck_assert_int_eq(mcsel_take(&out, w.data,
		    refl + WIRE_HEADER_SIZE + n, 4, RX, &c), 0);
		ck_assert_uint_eq(out.len, 0);
		ck_assert_uint_eq(c.rejected, 1);
	}
	wire_buf_free(&w);
	wire_buf_free(&out);
}
END_TEST

static Suite *
mcsel_suite(void)
{
	Suite *s = suite_create("mcsel");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_pairs);
	tcase_add_test(tc, test_find);
	tcase_add_test(tc, test_take_whole);
	tcase_add_test(tc, test_take_cut);
	tcase_add_test(tc, test_refused);
	tcase_add_test(tc, test_refused_reflection);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(mcsel_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
