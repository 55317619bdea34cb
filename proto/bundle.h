/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bundle.h - codec of the three-level update bundle, the wire format of
 * attribute updates (shared by rtiexec and librti via libproto.la; never
 * installed).  Pure: converts between values and bytes, does no I/O.
 *
 *   class layer:     u32 class, u32 n_instances, u32 length, instances
 *   instance layer:  u32 instance, u32 n_attributes, u32 length, attributes
 *   attribute layer: u32 attribute, u32 length, value[length]
 *
 * Big-endian.  Each `length` counts exactly the bytes of the layers that
 * follow inside that layer; the counts must match what the lengths hold.
 * One class layer fills the rest of an update frame, so one frame carries
 * every updated instance of a class.
 *
 * Also here: the header (HDR of wire.h) that updates, interactions and
 * deletes start with, and attribute-handle sets (bitsets indexed by
 * handle) used to decide which attributes of a bundle a subscriber keeps.
 */
#ifndef RTI_BUNDLE_H
#define RTI_BUNDLE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "wire.h"

#define BUNDLE_CLASS_HDR 12
#define BUNDLE_INST_HDR 12
#define BUNDLE_ATTR_HDR 8

struct bundle_attr {
	uint32_t handle;
	uint32_t len;
	uint32_t off;             /* of the value in its instance layer */
};

/*
 * An instance layer.  Its attributes are attrs[at .. at + n_attrs); an
 * instance laid out like the one before it (the same attributes with the
 * same value lengths, as the instances of a class bundle mostly are)
 * shares that one's entries, so that it costs a comparison per attribute
 * to parse, not a decode.  Values are read with bundle_value.  `first`
 * numbers its attributes among all of the bundle's (0, 1, ... over the
 * instances in order), for per-attribute flags.
 */
struct bundle_inst {
	uint32_t handle;
	uint32_t n_attrs;
	size_t first;
	size_t at;
	const uint8_t *layer;     /* whole instance layer, header included */
	size_t layer_len;
};

/* A parsed class layer.  The arrays are kept and reused by later parses
 * (no allocation once they are large enough); free with bundle_free. */
struct bundle {
	uint32_t cls;
	uint32_t n_inst;
	size_t n_attrs;           /* over all instances */
	size_t n_at;              /* entries of attrs in use */
	struct bundle_inst *inst;
	size_t cap_inst;
	struct bundle_attr *attrs;
	size_t cap_attrs;
};

/* The value of attribute `a` (one of in's) of instance `in`. */
static inline const uint8_t *
bundle_value(const struct bundle_inst *in, const struct bundle_attr *a)
{
	return in->layer + a->off;
}

void bundle_init(struct bundle *b);
void bundle_free(struct bundle *b);

/*
 * Parse the class layer that occupies exactly `n` bytes at `p`.  Returns 0;
 * -1 when malformed (counts or lengths that do not add up, truncation,
 * trailing bytes), with *why set to a static reason; -2 on ENOMEM.  Counts
 * are checked against the bytes present before anything is allocated.
 * Handles are not checked here.  The result points into `p`.
 */
int bundle_parse(struct bundle *b, const void *p, size_t n, const char **why);

/*
 * Encoding.  bundle_class_begin / bundle_inst_begin put a layer header
 * with zero count and length and return its offset; the _end functions
 * patch count and length from what was put since.  Errors surface as
 * w->oom.
 */
size_t bundle_class_begin(struct wire_buf *w, uint32_t cls);
void bundle_class_end(struct wire_buf *w, size_t off, uint32_t n_inst);
size_t bundle_inst_begin(struct wire_buf *w, uint32_t obj);
void bundle_inst_end(struct wire_buf *w, size_t off, uint32_t n_attrs);
void bundle_put_attr(struct wire_buf *w, uint32_t attr, const void *value,
    uint32_t len);

/*
 * Write attribute layer (attr, value[len]) at `p`, which has room for
 * BUNDLE_ATTR_HDR + len bytes; returns the byte after it.  Short values
 * (the usual 8 bytes, up to 16) are moved in fixed-size pieces, not by a
 * memcpy call each: encoders call this once per updated value.
 */
static inline uint8_t *
bundle_attr_write(uint8_t *p, uint32_t attr, const void *value,
    uint32_t len)
{
	const uint8_t *s = value;
	uint8_t *d = p + BUNDLE_ATTR_HDR;
	uint64_t a, b;
	uint32_t x, y, n = len;

	wire_put32(p, attr);
	wire_put32(p + 4, len);
	if (n == 8) {
		memcpy(&a, s, 8);
		memcpy(d, &a, 8);
	} else if (n > 8 && n <= 16) {
		memcpy(&a, s, 8);
		memcpy(&b, s + n - 8, 8);
		memcpy(d, &a, 8);
		memcpy(d + n - 8, &b, 8);
	} else if (n >= 4 && n < 8) {
		memcpy(&x, s, 4);
		memcpy(&y, s + n - 4, 4);
		memcpy(d, &x, 4);
		memcpy(d + n - 4, &y, 4);
	} else if (n > 16) {
		memcpy(d, s, n);
	} else {
		while (n--)
			*d++ = *s++;
	}
	return p + BUNDLE_ATTR_HDR + len;
}

/*
 * Append to `w` a class layer for class `cls` holding the attributes of
 * parsed bundle `b` whose keep[inst->first + j] is nonzero (keep NULL:
 * all).  Instances left without attributes are omitted; an instance whose
 * attributes are all kept is copied byte for byte.  Returns the number of
 * instances written (0: nothing was appended).
 */
uint32_t bundle_cut(struct wire_buf *w, const struct bundle *b, uint32_t cls,
    const uint8_t *keep);
/* bundle_cut of the instances list[0..m) only, ascending (list NULL:
 * every instance); keep[] of the others is not read. */
uint32_t bundle_cut_list(struct wire_buf *w, const struct bundle *b,
    uint32_t cls, const uint8_t *keep, const uint32_t *list, uint32_t m);

/*
 * The header of OM updates, interactions and deletes (HDR in wire.h):
 *
 *   u8 flags (WIRE_OMF_*), [u64 time, u32 retraction when
 *   WIRE_OMF_TIMESTAMP], [u64 time when WIRE_OMF_USER_TIME], blob tag (at most WIRE_MAX_TAG bytes),
 *   str condition (at most WIRE_MAX_NAME bytes, "" = none)
 *
 * One encoder and one decoder for rtiexec and librti.
 */
struct bundle_hdr {
	uint8_t flags;
	uint64_t time;            /* with WIRE_OMF_TIMESTAMP or _USER_TIME,
	                             else 0 */
	uint32_t retraction;      /* with WIRE_OMF_TIMESTAMP, else 0 */
	const void *tag;
	uint32_t tag_len;
	const char *cond;         /* NULL or "" = none */
	/* bundle_hdr_get: the header's bytes as read (put ignores them) */
	const uint8_t *raw;
	size_t raw_len;
};

/* Put `h` (time and retraction as its flags say).  Returns
 * the offset in `w` of the tag's bytes.  Errors surface as w->oom. */
size_t bundle_hdr_put(struct wire_buf *w, const struct bundle_hdr *h);
/* Read a header from `rd` into `h` (tag, cond and raw point into the
 * input).  0, or -1 when malformed: truncated, a tag or condition over
 * its limit, a condition that is not one string, or a flag bit that is
 * not defined, or both time flags (rd->err is set then). */
int bundle_hdr_get(struct wire_rd *rd, struct bundle_hdr *h);

/* Attribute-handle sets: `words` 64-bit words hold handles 0..64*words-1. */
static inline size_t
bset_words(uint32_t max_handle)
{
	return (size_t)max_handle / 64 + 1;
}
/*
 * Words of the attribute sets of a federation whose FOM starts with
 * `n_attrs` attributes: half as many again plus 32 of room, so that FOM
 * modules added at join (which only append handles) rarely need wider
 * sets.  Sets never widen: each side fixes its words when it starts (rtiexec
 * at create, librti at join, from a count at least as large, so librti's
 * room is never the smaller) and a join past rtiexec's room is refused.
 * Sets travel as lists of handles, so the two sides' words may differ.
 */
static inline size_t
bset_words_room(uint32_t n_attrs)
{
	return bset_words(n_attrs + n_attrs / 2 + 32);
}
static inline int
bset_has(const uint64_t *s, size_t words, uint32_t h)
{
	return s && h / 64 < words && (s[h / 64] >> (h % 64)) & 1;
}
static inline void
bset_add(uint64_t *s, uint32_t h)
{
	s[h / 64] |= (uint64_t)1 << (h % 64);
}
static inline void
bset_del(uint64_t *s, uint32_t h)
{
	s[h / 64] &= ~((uint64_t)1 << (h % 64));
}
/* Put set `s` (NULL: empty) as u32 count, then each handle ascending:
 * the wire form of an attribute set. */
void bset_put(struct wire_buf *w, const uint64_t *s, size_t words);

static inline int
bset_empty(const uint64_t *s, size_t words)
{
	size_t i;

	for (i = 0; i < words; i++)
		if (s[i])
			return 0;
	return 1;
}

#endif
