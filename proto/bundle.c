/* SPDX-License-Identifier: Apache-2.0 */
/* bundle.c - the three-level update bundle codec; see bundle.h. */
#include <stdlib.h>
#include <string.h>

#include "bundle.h"

void
bundle_init(struct bundle *b)
{
	memset(b, 0, sizeof *b);
}

void
bundle_free(struct bundle *b)
{
	free(b->inst);
	free(b->attrs);
	bundle_init(b);
}

/* Is the instance layer at q (n_attrs na, length ilen) laid out like
 * `prev` (decoded into b->attrs)?  The headers then sit at the same
 * offsets, so it is as valid as that one. */
static int
same_layout(const struct bundle *b, const struct bundle_inst *prev,
    const uint8_t *q, uint32_t na, uint32_t ilen)
{
	const struct bundle_attr *a;
	uint32_t j;

	if (na != prev->n_attrs || BUNDLE_INST_HDR + (size_t)ilen !=
	    prev->layer_len)
		return 0;
	if (na == 0)
		return 1; /* attrs may not even be allocated yet */
	/* the 8 header bytes against those of prev's layer, undecoded */
	a = b->attrs + prev->at;
	for (j = 0; j < na; j++, a++) {
		uint64_t x, y;

		memcpy(&x, q + a->off - BUNDLE_ATTR_HDR, 8);
		memcpy(&y, prev->layer + a->off - BUNDLE_ATTR_HDR, 8);
		if (x != y)
			return 0;
	}
	return 1;
}

int
bundle_parse(struct bundle *b, const void *p, size_t n, const char **why)
{
	const uint8_t *q = p, *end;
	uint32_t n_inst, clen, i;

	b->n_inst = 0;
	b->n_attrs = 0;
	b->n_at = 0;
	if (n < BUNDLE_CLASS_HDR)
		return *why = "truncated class layer header", -1;
	b->cls = wire_get32(q);
	n_inst = wire_get32(q + 4);
	clen = wire_get32(q + 8);
	q += BUNDLE_CLASS_HDR;
	if (clen != n - BUNDLE_CLASS_HDR)
		return *why = "class layer length does not match the frame",
		    -1;
	if (n_inst > clen / BUNDLE_INST_HDR)
		return *why = "instance count exceeds the class layer", -1;
	if (wire_grow((void **)&b->inst, &b->cap_inst, n_inst, sizeof *b->inst))
		return -2;
	end = q + clen;
	for (i = 0; i < n_inst; i++) {
		struct bundle_inst *in = &b->inst[i];
		const uint8_t *layer = q, *iend;
		uint32_t na, ilen, j;

		if ((size_t)(end - q) < BUNDLE_INST_HDR)
			return *why = "truncated instance layer header", -1;
		in->handle = wire_get32(q);
		na = wire_get32(q + 4);
		ilen = wire_get32(q + 8);
		if (ilen > (size_t)(end - q) - BUNDLE_INST_HDR)
			return *why = "instance layer length exceeds the "
			    "class layer", -1;
		if (na > ilen / BUNDLE_ATTR_HDR)
			return *why = "attribute count exceeds the instance "
			    "layer", -1;
		in->n_attrs = na;
		in->first = b->n_attrs;
		in->layer = q;
		in->layer_len = BUNDLE_INST_HDR + (size_t)ilen;
		b->n_attrs += na;
		if (i > 0 && same_layout(b, in - 1, q, na, ilen)) {
			in->at = in[-1].at;
			q += in->layer_len;
			continue;
		}
		in->at = b->n_at;
		if (b->n_at + na > b->cap_attrs && wire_grow((void **)&b->attrs,
		    &b->cap_attrs, b->n_at + na, sizeof *b->attrs))
			return -2;
		q += BUNDLE_INST_HDR;
		iend = q + ilen;
		for (j = 0; j < na; j++) {
			struct bundle_attr *a = &b->attrs[b->n_at + j];
			uint32_t h, l;

			if ((size_t)(iend - q) < BUNDLE_ATTR_HDR)
				return *why = "truncated attribute layer "
				    "header", -1;
			h = wire_get32(q);
			l = wire_get32(q + 4);
			q += BUNDLE_ATTR_HDR;
			if (l > (size_t)(iend - q))
				return *why = "attribute value exceeds the "
				    "instance layer", -1;
			a->handle = h;
			a->len = l;
			a->off = (uint32_t)(q - layer);
			q += l;
		}
		if (q != iend)
			return *why = "instance layer length does not match "
			    "its attributes", -1;
		b->n_at += na;
	}
	if (q != end)
		return *why = "class layer length does not match its "
		    "instances", -1;
	b->n_inst = n_inst;
	return 0;
}

/* One reservation per layer header and per attribute (the encoders run
 * once per updated value). */
static size_t
layer_begin(struct wire_buf *w, uint32_t h)
{
	size_t off = w->len;
	uint8_t *p;

	if (wire_buf_reserve(w, BUNDLE_CLASS_HDR) < 0)
		return off;
	p = w->data + w->len;
	wire_put32(p, h);
	memset(p + 4, 0, 8);
	w->len += BUNDLE_CLASS_HDR;
	return off;
}

static void
layer_end(struct wire_buf *w, size_t off, uint32_t count)
{
	if (w->oom || off + BUNDLE_CLASS_HDR > w->len)
		return;
	wire_patch_u32(w, off + 4, count);
	wire_patch_u32(w, off + 8, (uint32_t)(w->len - off -
	    BUNDLE_CLASS_HDR));
}

size_t
bundle_class_begin(struct wire_buf *w, uint32_t cls)
{
	return layer_begin(w, cls);
}

void
bundle_class_end(struct wire_buf *w, size_t off, uint32_t n_inst)
{
	layer_end(w, off, n_inst);
}

size_t
bundle_inst_begin(struct wire_buf *w, uint32_t obj)
{
	return layer_begin(w, obj);
}

void
bundle_inst_end(struct wire_buf *w, size_t off, uint32_t n_attrs)
{
	layer_end(w, off, n_attrs);
}

void
bundle_put_attr(struct wire_buf *w, uint32_t attr, const void *value,
    uint32_t len)
{
	uint8_t *p;

	if (wire_buf_reserve(w, BUNDLE_ATTR_HDR + (size_t)len) < 0)
		return;
	p = bundle_attr_write(w->data + w->len, attr, value, len);
	w->len = (size_t)(p - w->data);
}

uint32_t
bundle_cut(struct wire_buf *w, const struct bundle *b, uint32_t cls,
    const uint8_t *keep)
{
	return bundle_cut_list(w, b, cls, keep, NULL, b->n_inst);
}

uint32_t
bundle_cut_list(struct wire_buf *w, const struct bundle *b, uint32_t cls,
    const uint8_t *keep, const uint32_t *list, uint32_t m)
{
	size_t coff = w->len, ioff;
	uint32_t x, j, n_out = 0, kept;

	if (!list)
		m = b->n_inst;
	bundle_class_begin(w, cls);
	for (x = 0; x < m; x++) {
		const struct bundle_inst *in = &b->inst[list ? list[x] : x];

		kept = 0;
		for (j = 0; j < in->n_attrs; j++)
			kept += !keep || keep[in->first + j];
		if (kept == 0)
			continue;
		n_out++;
		if (kept == in->n_attrs) {
			wire_put_raw(w, in->layer, in->layer_len);
			continue;
		}
		ioff = bundle_inst_begin(w, in->handle);
		for (j = 0; j < in->n_attrs; j++) {
			const struct bundle_attr *a = &b->attrs[in->at + j];

			if (keep[in->first + j])
				bundle_put_attr(w, a->handle,
				    bundle_value(in, a), a->len);
		}
		bundle_inst_end(w, ioff, kept);
	}
	if (n_out == 0) {
		w->len = coff;
		return 0;
	}
	bundle_class_end(w, coff, n_out);
	return n_out;
}

void
bset_put(struct wire_buf *w, const uint64_t *s, size_t words)
{
	size_t cnt = w->len;
	uint32_t a, n = 0;

	wire_put_u32(w, 0);
	for (a = 0; s && a < words * 64; a++)
		if (bset_has(s, words, a)) {
			wire_put_u32(w, a);
			n++;
		}
	wire_patch_u32(w, cnt, n);
}

size_t
bundle_hdr_put(struct wire_buf *w, const struct bundle_hdr *h)
{
	size_t tag_off;

	wire_put_u8(w, h->flags);
	if (h->flags & WIRE_OMF_TIMESTAMP) {
		wire_put_u64(w, h->time);
		wire_put_u32(w, h->retraction);
	} else if (h->flags & WIRE_OMF_USER_TIME) {
		wire_put_u64(w, h->time);
	}
	tag_off = w->len + 4;
	wire_put_blob(w, h->tag, h->tag_len);
	wire_put_str(w, h->cond);
	return tag_off;
}

int
bundle_hdr_get(struct wire_rd *rd, struct bundle_hdr *h)
{
	h->raw = rd->p;
	h->flags = wire_get_u8(rd);
	h->time = 0;
	h->retraction = 0;
	if (h->flags & WIRE_OMF_TIMESTAMP) {
		h->time = wire_get_u64(rd);
		h->retraction = wire_get_u32(rd);
	} else if (h->flags & WIRE_OMF_USER_TIME) {
		h->time = wire_get_u64(rd);
	}
	h->tag = wire_get_blob(rd, &h->tag_len, WIRE_MAX_TAG);
	h->cond = wire_get_str(rd, WIRE_MAX_NAME);
	if (!rd->err && ((h->flags & ~(WIRE_OMF_TIMESTAMP |
	    WIRE_OMF_USER_TIME)) || (h->flags & WIRE_OMF_TIMESTAMP &&
	    h->flags & WIRE_OMF_USER_TIME)))
		rd->err = 1;
	h->raw_len = rd->err ? 0 : (size_t)(rd->p - h->raw);
	return rd->err ? -1 : 0;
}
