/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mcsel.c - the frames of a group datagram addressed to one federate
 * (mcsel.h).
 */
#include "config.h"

#include <stdlib.h>

#include "bundle.h"
#include "dgram.h"
#include "mcsel.h"
#include "wire.h"

/* Offset of the flags in a frame header (wire.h). */
#define FRAME_FLAGS_OFF 6

int
mcsel_frames_ok(const uint8_t *fr, size_t len)
{
	const uint8_t *at, *pl;
	size_t left;
	uint16_t type, flags;
	uint32_t plen;
	size_t pairs = 0;

	for (at = fr, left = len;
	    dgram_next(&at, &left, &type, &flags, &pl, &plen); pairs++)
		if ((pairs & 1) ? type != WIRE_CB_REFLECT &&
		    type != WIRE_CB_INTERACTION : type != MC_SELECT)
			return 0;
	return pairs > 0 && !(pairs & 1);
}

int
mcsel_find(const uint8_t *sel, size_t n, uint32_t self,
    struct mcsel_pick *pick)
{
	struct wire_rd rd;
	uint16_t k, i, nb;
	uint32_t who;
	uint8_t mode;
	const uint8_t *bits;

	wire_rd_init(&rd, sel, n);
	k = wire_get_u16(&rd);
	for (i = 0; i < k && !rd.err; i++) {
		who = wire_get_u32(&rd);
		mode = wire_get_u8(&rd);
		nb = 0;
		bits = NULL;
		if (mode == MC_SEL_CUT) {
			nb = wire_get_u16(&rd);
			bits = wire_get_raw(&rd, nb);
		} else if (mode != MC_SEL_WHOLE) {
			return 0;
		}
		if (!rd.err && who == self && self) {
			pick->mode = mode;
			pick->bits = bits;
			pick->nbytes = nb;
			return 1;
		}
	}
	return 0;
}

/* Append to `out` the reflection pl[0..plen) (a WIRE_CB_REFLECT
 * payload) cut to the values whose bit is set in bits[0..nb), with
 * flags `rx_flag`; the values dropped are counted in *c. */
static void
cut(struct wire_buf *out, const uint8_t *pl, uint32_t plen,
    const uint8_t *bits, uint16_t nb, uint16_t rx_flag,
    struct mcsel_count *c)
{
	struct bundle b;
	struct bundle_hdr h;
	struct wire_rd rd;
	const char *why;
	uint8_t *keep = NULL;
	size_t off, start = out->len;
	uint32_t i, kept = 0;

	wire_rd_init(&rd, pl, plen);
	(void)wire_get_u32(&rd);
	bundle_init(&b);
	if (bundle_hdr_get(&rd, &h) < 0 ||
	    bundle_parse(&b, rd.p, wire_rd_left(&rd), &why) != 0 ||
	    (size_t)nb != ((size_t)b.n_attrs + 7) / 8 ||
	    !(keep = malloc(b.n_attrs + 1))) {
		c->rejected++;
		goto out;
	}
	for (i = 0; i < b.n_attrs; i++) {
		keep[i] = (uint8_t)((bits[i / 8] >> (i % 8)) & 1);
		kept += keep[i];
	}
	c->cut += b.n_attrs - kept;
	off = wire_frame_begin(out, WIRE_CB_REFLECT);
	/* producer and header as sent, the layer cut */
	wire_put_raw(out, pl, (size_t)(rd.p - pl));
	if (bundle_cut(out, &b, b.cls, keep) == 0) {
		out->len = start;
		goto out;
	}
	wire_frame_end(out, off);
	wire_put16(out->data + off + FRAME_FLAGS_OFF, rx_flag);
	if (out->oom) {
		out->oom = 0;
		out->len = start;
	}
out:
	free(keep);
	bundle_free(&b);
}

int
mcsel_take(struct wire_buf *out, const uint8_t *fr, size_t len,
    uint32_t self, uint16_t rx_flag, struct mcsel_count *c)
{
	const uint8_t *at, *pl, *spl = NULL;
	struct mcsel_pick pick;
	size_t left, start = out->len;
	uint16_t type, flags;
	uint32_t plen, splen = 0;
	size_t pairs;

	for (at = fr, left = len, pairs = 0;
	    dgram_next(&at, &left, &type, &flags, &pl, &plen); pairs++) {
		if (!(pairs & 1)) {
			spl = pl;
			splen = plen;
			continue;
		}
		if (!mcsel_find(spl, splen, self, &pick)) {
			c->not_addressed++;
		} else if (pick.mode == MC_SEL_WHOLE) {
			size_t off = out->len;

			wire_put_raw(out, pl - WIRE_HEADER_SIZE,
			    WIRE_HEADER_SIZE + plen);
			if (!out->oom)
				wire_put16(out->data + off + FRAME_FLAGS_OFF,
				    (uint16_t)(flags | rx_flag));
		} else if (type == WIRE_CB_REFLECT) {
			cut(out, pl, plen, pick.bits, pick.nbytes, rx_flag, c);
		} else {
			c->rejected++;
		}
		if (out->oom) {
			out->oom = 0;
			out->len = start;
			return 0;
		}
	}
	return out->len > start;
}
