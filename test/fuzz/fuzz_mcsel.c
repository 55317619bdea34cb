/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_mcsel.c - libFuzzer target for what a federate takes of a group
 * datagram (proto/mcsel.h).
 *
 * Input: u32 federate handle (big-endian), then the frames of a group
 * datagram, opened behind a datagram header as librti opens them.
 * Every frame's payload is read as a selection, for that federate and
 * for the one its first entry names: a pick lies inside the selection,
 * and a well-formed first entry is found.  When the frames pair up, they
 * are taken after bytes already in the output buffer, which stay; the
 * output is then walked beside the pairs: a frame taken whole is the
 * frame as sent with the receive flag added; a cut reflection keeps the
 * producer and header as sent and exactly the values whose bit is set,
 * in order, byte for byte; what is not taken is counted by its reason,
 * and nothing else is appended.
 */
#include <stdint.h>
#include <string.h>

#include "bundle.h"
#include "dgram.h"
#include "fuzz.h"
#include "mcsel.h"
#include "wire.h"

#define RX 0x8000u
#define PREFIX "pre"

/* Selection sel[0..n) read for `self`: what mcsel_find says is
 * consistent with the bytes. */
static void
find_checked(const uint8_t *sel, size_t n, uint32_t self)
{
	struct mcsel_pick p;

	if (!mcsel_find(sel, n, self, &p))
		return;
	FUZZ_CHECK(self != 0);
	if (p.mode == MC_SEL_WHOLE) {
		FUZZ_CHECK(p.bits == NULL && p.nbytes == 0);
	} else {
		FUZZ_CHECK(p.mode == MC_SEL_CUT);
		FUZZ_CHECK(p.bits >= sel + 2 + 7);
		FUZZ_CHECK(p.bits + p.nbytes <= sel + n);
		FUZZ_CHECK(wire_get16(p.bits - 2) == p.nbytes);
	}
}

/* The first entry of selection sel[0..n), when whole and of a known
 * mode with a nonzero handle, is found for its handle. */
static void
first_found(const uint8_t *sel, size_t n)
{
	struct mcsel_pick p;
	uint32_t who;
	uint8_t mode;

	find_checked(sel, n, 0);
	if (n < 7 || wire_get16(sel) == 0)
		return;
	who = wire_get32(sel + 2);
	mode = sel[6];
	find_checked(sel, n, who);
	if (who == 0 || mode > MC_SEL_CUT || (mode == MC_SEL_CUT &&
	    (n < 9 || n - 9 < wire_get16(sel + 7))))
		return;
	FUZZ_CHECK(mcsel_find(sel, n, who, &p) == 1 && p.mode == mode);
}

/* The reflection pl[0..plen): its class layer parsed into *b and the
 * bytes of producer and header in *head; 0, or -1 when malformed. */
static int
reflection(const uint8_t *pl, uint32_t plen, struct bundle *b,
    size_t *head)
{
	struct wire_rd rd;
	struct bundle_hdr h;
	const char *why;

	wire_rd_init(&rd, pl, plen);
	(void)wire_get_u32(&rd);
	if (bundle_hdr_get(&rd, &h) < 0 ||
	    bundle_parse(b, rd.p, wire_rd_left(&rd), &why) != 0)
		return -1;
	*head = (size_t)(rd.p - pl);
	return 0;
}

/* Output frame *o (of out[0..n)) is the cut to bits (`kept` set) of
 * the reflection whose payload at pl parsed to `in` after `head` bytes
 * of producer and header; *o is moved past it. */
static void
cut_checked(const uint8_t *out, size_t n, size_t *o, const uint8_t *pl,
    const struct bundle *in, size_t head, const uint8_t *bits,
    size_t kept)
{
	struct bundle ob;
	size_t ohead, i, j, k, at = 0, oi = 0, oj = 0;
	uint16_t type, flags;
	uint32_t len;

	FUZZ_CHECK(wire_frame_peek(out + *o, n - *o, UINT32_MAX, &type,
	    &flags, &len) == 1);
	FUZZ_CHECK(type == WIRE_CB_REFLECT && flags == RX);
	FUZZ_CHECK(len <= n - *o - WIRE_HEADER_SIZE);
	bundle_init(&ob);
	FUZZ_CHECK(reflection(out + *o + WIRE_HEADER_SIZE, len, &ob,
	    &ohead) == 0);
	FUZZ_CHECK(ohead == head && memcmp(out + *o + WIRE_HEADER_SIZE, pl,
	    head) == 0);
	FUZZ_CHECK(ob.cls == in->cls && ob.n_attrs == kept);
	/* the kept values, in order, byte for byte, in their instances */
	for (i = 0; i < in->n_inst; i++) {
		const struct bundle_inst *ii = &in->inst[i];

		for (j = 0; j < ii->n_attrs; j++, at++) {
			const struct bundle_attr *a = &in->attrs[ii->at + j];
			const struct bundle_inst *oin;
			const struct bundle_attr *oa;

			if (!((bits[at / 8] >> (at % 8)) & 1))
				continue;
			FUZZ_CHECK(oi < ob.n_inst);
			oin = &ob.inst[oi];
			oa = &ob.attrs[oin->at + oj];
			FUZZ_CHECK(oin->handle == ii->handle);
			FUZZ_CHECK(oa->handle == a->handle &&
			    oa->len == a->len);
			FUZZ_CHECK(memcmp(bundle_value(oin, oa),
			    bundle_value(ii, a), a->len) == 0);
			if (++oj == oin->n_attrs) {
				oi++;
				oj = 0;
			}
		}
		FUZZ_CHECK(oj == 0);
	}
	FUZZ_CHECK(oi == ob.n_inst);
	k = 0;
	for (i = 0; i < ob.n_inst; i++)
		k += ob.inst[i].n_attrs;
	FUZZ_CHECK(k == kept);
	bundle_free(&ob);
	*o += WIRE_HEADER_SIZE + len;
}

/* Take the paired frames fr[0..len) for `self` and check the output. */
static void
take_checked(const uint8_t *fr, size_t len, uint32_t self)
{
	struct mcsel_count c = { 0, 0, 0 }, e = { 0, 0, 0 };
	struct mcsel_pick p;
	struct wire_buf w;
	struct bundle b;
	const uint8_t *at, *pl, *spl = NULL;
	size_t left, o, head, i, kept, pairs;
	uint16_t type, flags;
	uint32_t plen, splen = 0;
	int r;

	wire_buf_init(&w);
	wire_put_raw(&w, PREFIX, strlen(PREFIX));
	r = mcsel_take(&w, fr, len, self, RX, &c);
	FUZZ_CHECK(!w.oom && w.len >= strlen(PREFIX));
	FUZZ_CHECK(memcmp(w.data, PREFIX, strlen(PREFIX)) == 0);
	FUZZ_CHECK(r == (w.len > strlen(PREFIX)));
	o = strlen(PREFIX);
	bundle_init(&b);
	for (at = fr, left = len, pairs = 0;
	    dgram_next(&at, &left, &type, &flags, &pl, &plen); pairs++) {
		if (!(pairs & 1)) {
			spl = pl;
			splen = plen;
			continue;
		}
		if (!mcsel_find(spl, splen, self, &p)) {
			e.not_addressed++;
		} else if (p.mode == MC_SEL_WHOLE) {
			FUZZ_CHECK(w.len - o >= WIRE_HEADER_SIZE + plen);
			FUZZ_CHECK(memcmp(w.data + o, pl - WIRE_HEADER_SIZE,
			    6) == 0);
			FUZZ_CHECK(wire_get16(w.data + o + 6) ==
			    (uint16_t)(flags | RX));
			FUZZ_CHECK(memcmp(w.data + o + WIRE_HEADER_SIZE, pl,
			    plen) == 0);
			o += WIRE_HEADER_SIZE + plen;
		} else if (type != WIRE_CB_REFLECT ||
		    reflection(pl, plen, &b, &head) < 0 ||
		    p.nbytes != (b.n_attrs + 7) / 8) {
			e.rejected++;
		} else {
			for (i = kept = 0; i < b.n_attrs; i++)
				kept += (p.bits[i / 8] >> (i % 8)) & 1;
			e.cut += b.n_attrs - kept;
			if (kept)
				cut_checked(w.data, w.len, &o, pl, &b, head,
				    p.bits, kept);
		}
	}
	FUZZ_CHECK(o == w.len);
	FUZZ_CHECK(c.not_addressed == e.not_addressed);
	FUZZ_CHECK(c.rejected == e.rejected);
	FUZZ_CHECK(c.cut == e.cut);
	bundle_free(&b);
	wire_buf_free(&w);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t buf[DGRAM_MAX_MAX];
	const uint8_t *fr, *at, *pl;
	struct dgram_hdr h;
	size_t len, left;
	uint16_t type, flags;
	uint32_t self, plen;

	if (size < 4 || size - 4 > sizeof buf - DGRAM_HEADER_SIZE)
		return 0;
	self = wire_get32(data);
	dgram_put_header(buf, 1, 1, 0);
	memcpy(buf + DGRAM_HEADER_SIZE, data + 4, size - 4);
	if (dgram_open(buf, DGRAM_HEADER_SIZE + size - 4, NULL,
	    WIRE_DEFAULT_MAX_FRAME, &h, &fr, &len) != DGRAM_OK)
		return 0;
	for (at = fr, left = len;
	    dgram_next(&at, &left, &type, &flags, &pl, &plen);) {
		find_checked(pl, plen, self);
		first_found(pl, plen);
	}
	if (mcsel_frames_ok(fr, len))
		take_checked(fr, len, self);
	return 0;
}
