/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_value.c - the FOM-driven codec between HLA-encoded bytes and value
 * trees (fom_value.h).  The decoder and the encoder are side by side here
 * to be read together (they must lay out the same bytes); the tree they
 * build and read, with the rti_value_* accessors and builders of
 * librti.h, is fom_value_tree.c, and JSON, which only walks trees,
 * fom_json.c.
 *
 * Mapping of datatypes to nodes:
 *   basic signed integer up to 64 bits        INTEGER
 *   basic unsigned or octets up to 64 bits    UNSIGNED
 *   basic float of 32 or 64 bits              FLOAT
 *   any other basic (wider, odd float size)   BYTES, as in the buffer
 *   simple                                    as its representation
 *   HLAboolean                                BOOLEAN
 *   other enumerated                          ENUMERATOR
 *   array of HLAASCIIchar / HLAunicodeChar    STRING (a fixed array:
 *                                             trailing NULs dropped on
 *                                             decode, added on encode)
 *   array of another 1-octet octets element   BYTES
 *   other array                               ARRAY (a fixed array of
 *                                             several dimensions: its
 *                                             elements in row-major order)
 *   fixed record                              RECORD
 *   variant record                            VARIANT
 *
 * Offsets of padding count from the start of the buffer: a value starts
 * there, aligned on its own boundary, and every part starts on a multiple
 * of its own boundary, which divides the boundaries of all that contain it
 * (they are powers of two, and the largest of their parts').
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fom_value.h"
#include "hla.h"

/* ---- shared by the codecs ---- */

const struct fom_datatype *
fom_value_basic(const struct fom *f, const struct fom_datatype *t)
{
	while (t && t->kind != FOM_DT_BASIC) {
		if (t->kind == FOM_DT_SIMPLE)
			t = fom_datatype(f, t->u.simple.representation);
		else if (t->kind == FOM_DT_ENUMERATED)
			t = fom_datatype(f, t->u.enumerated.representation);
		else
			return NULL;
	}
	return t;
}

static int
basic_vk(const struct fom_datatype *b)
{
	uint32_t bits = b->u.basic.bits;

	if (bits > 64)
		return FOM_VK_RAW;
	switch (b->u.basic.cls) {
	case FOM_BASIC_SIGNED:
		return FOM_VK_INT;
	case FOM_BASIC_FLOAT:
		return bits == 32 || bits == 64 ? FOM_VK_FLOAT : FOM_VK_RAW;
	}
	return FOM_VK_UINT;
}

int
fom_value_vk(const struct fom *f, const struct fom_datatype *t)
{
	const struct fom_datatype *e, *b;

	switch (t->kind) {
	case FOM_DT_BASIC:
		return basic_vk(t);
	case FOM_DT_SIMPLE:
		b = fom_value_basic(f, t);
		return b ? basic_vk(b) : FOM_VK_RAW;
	case FOM_DT_ENUMERATED:
		return strcmp(t->name, "HLAboolean") == 0 ? FOM_VK_BOOL : FOM_VK_ENUM;
	case FOM_DT_ARRAY:
		e = fom_datatype(f, t->u.array.element);
		if (e == NULL)
			return FOM_VK_ARRAY;
		if (strcmp(e->name, "HLAASCIIchar") == 0)
			return FOM_VK_ASCII;
		if (strcmp(e->name, "HLAunicodeChar") == 0)
			return FOM_VK_UNICODE;
		if ((e->kind == FOM_DT_SIMPLE || e->kind == FOM_DT_BASIC) &&
		    e->size == 1 && (b = fom_value_basic(f, e)) != NULL &&
		    b->u.basic.cls == FOM_BASIC_OCTETS)
			return FOM_VK_OCTETS;
		return FOM_VK_ARRAY;
	case FOM_DT_FIXED_RECORD:
		return FOM_VK_RECORD;
	}
	return FOM_VK_VARIANT;
}

uint64_t
fom_value_fixed_count(const struct fom_datatype *t)
{
	uint64_t n = 1;
	uint32_t i;

	for (i = 0; i < t->u.array.n_dims; i++) {
		n *= t->u.array.dims[i].lower;
		if (n > FOM_CARD_MAX)
			return (uint64_t)FOM_CARD_MAX + 1;
	}
	return n;
}

/* The least number of octets a value of t takes (without the padding in
 * front of it). */
static uint64_t
min_size(const struct fom *f, const struct fom_datatype *t, unsigned depth)
{
	uint64_t n, s = 0;
	uint32_t i;

	if (t->fixed || depth > FOM_VALUE_MAX_DEPTH)
		return t->fixed ? t->size : 0;
	switch (t->kind) {
	case FOM_DT_ARRAY:
		if (t->encoding == FOM_ENC_VARIABLE_ARRAY)
			return 4;
		n = fom_value_fixed_count(t);
		return n * min_size(f, fom_datatype(f, t->u.array.element),
		    depth + 1);
	case FOM_DT_FIXED_RECORD:
		for (i = 0; i < t->u.record.n_fields; i++)
			s += min_size(f, fom_datatype(f,
			    t->u.record.fields[i].type), depth + 1);
		return s;
	case FOM_DT_VARIANT_RECORD:
		return fom_datatype(f, t->u.variant.type)->size;
	}
	return t->size;
}

/* Path of the item being worked on, for messages: a stack of field names
 * (key set) or element indexes. */
struct path {
	unsigned n;
	struct {
		const char *key;
		uint64_t index;
	} e[FOM_VALUE_MAX_DEPTH + 1];
};

static void
path_push(struct path *p, const char *key, uint64_t index)
{
	if (p->n < FOM_VALUE_MAX_DEPTH + 1) {
		p->e[p->n].key = key;
		p->e[p->n].index = index;
	}
	p->n++;
}

static void
path_text(const struct path *p, char *buf, size_t cap)
{
	size_t o;
	unsigned i;

	o = (size_t)snprintf(buf, cap, "$");
	for (i = 0; i < p->n && i < FOM_VALUE_MAX_DEPTH + 1 && o < cap; i++)
		o += (size_t)(p->e[i].key ?
		    snprintf(buf + o, cap - o, ".%s", p->e[i].key) :
		    snprintf(buf + o, cap - o, "[%" PRIu64 "]",
		    p->e[i].index));
}

static void __attribute__((format(printf, 3, 4)))
set_err(char *err, size_t cap, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL || cap == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, cap, fmt, ap);
	va_end(ap);
}

int
fom_value_check_type(const struct fom *f, uint32_t dt, char *err,
    size_t errcap)
{
	const struct fom_datatype *t = fom_datatype(f, dt);

	if (t == NULL) {
		set_err(err, errcap, "datatype handle %u is not defined", dt);
		return RTI_ERR_INVALID_ARGUMENT;
	}
	if (!t->encodable) {
		set_err(err, errcap, "datatype '%s' is not encodable: %s",
		    t->name, t->opaque ? t->opaque :
		    "it waits for a datatype no module defines yet");
		return RTI_ERR_INVALID_ARGUMENT;
	}
	return RTI_OK;
}

/* ---- decoding ---- */

struct dctx {
	const struct fom *f;
	const uint8_t *buf;
	size_t len;
	size_t off;
	uint32_t nodes;
	int rc;
	char *err;
	size_t errcap;
	const char *label;      /* label of the next node (borrowed) */
	struct fom_value_chunk *arena;  /* newest chunk first */
	struct path path;
};

static struct rti_value *__attribute__((format(printf, 4, 5)))
dfail(struct dctx *c, int rc, size_t off, const char *fmt, ...)
{
	char msg[256], where[192];
	va_list ap;

	if (c->rc != RTI_OK)
		return NULL;
	c->rc = rc;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (c->path.n) {
		path_text(&c->path, where, sizeof(where));
		set_err(c->err, c->errcap, "offset %zu (%s): %s", off, where,
		    msg);
	} else {
		set_err(c->err, c->errcap, "offset %zu: %s", off, msg);
	}
	return NULL;
}

/* n octets (16-aligned) of the decode's arena; NULL on ENOMEM.  A chunk
 * holds at least 4 KiB and twice the last one's size, up to 1 MiB, so
 * that a small value costs one allocation and a large one a few. */
static void *
arena_alloc(struct dctx *c, size_t n)
{
	struct fom_value_chunk *k = c->arena;
	size_t cap;

	n = (n + 15) & ~(size_t)15;
	if (k == NULL || k->cap - k->used < n) {
		cap = k ? k->cap * 2 : 4096;
		if (cap > (1u << 20))
			cap = 1u << 20;
		if (cap < n)
			cap = n;
		if ((k = malloc(sizeof(*k) + cap)) == NULL)
			return NULL;
		k->next = c->arena;
		k->used = 0;
		k->cap = cap;
		c->arena = k;
	}
	k->used += n;
	return k->data + k->used - n;
}

/* A new node of the decode, holding a copy of the pending label c->label
 * (consumed) and, when `data` is set, room for datalen octets and a NUL
 * at v->str.  NULL with the error set at the node cap or on ENOMEM. */
static struct rti_value *
dalloc(struct dctx *c, uint8_t kind, int data, size_t datalen)
{
	size_t ll = c->label ? strlen(c->label) + 1 : 0;
	struct rti_value *v;

	if (c->nodes >= FOM_VALUE_MAX_NODES)
		return dfail(c, RTI_ERR_LIMIT_EXCEEDED, c->off, "more than %u "
		    "values in one decode (limit)", FOM_VALUE_MAX_NODES);
	if ((v = arena_alloc(c, sizeof(*v) + ll + (data ? datalen + 1 : 0))) ==
	    NULL)
		return dfail(c, RTI_ERR_NO_MEMORY, c->off, "out of memory");
	fom_value_node_init(v, kind);
	v->in_arena = 1;
	if (ll) {
		v->label = (char *)(v + 1);
		memcpy(v->label, c->label, ll);
		c->label = NULL;
	}
	if (data)
		v->str = (char *)(v + 1) + ll;
	c->nodes++;
	return v;
}

#define dnode(c, kind) dalloc((c), (kind), 0, 0)

/* Skip the padding before an item of boundary b; -1 when it does not
 * fit. */
static int
dalign(struct dctx *c, uint32_t b, const char *what)
{
	size_t p = hla_padding(c->off, b);

	if (p > c->len - c->off) {
		dfail(c, RTI_ERR_DECODER_ERROR, c->off, "%zu octets of padding "
		    "before %s, %zu left", p, what, c->len - c->off);
		return -1;
	}
	c->off += p;
	return 0;
}

/* The integer value of basic b at c->off (checked to fit), signed when b
 * is. */
static int
dget_int(struct dctx *c, const struct fom_datatype *b, const char *tname,
    int64_t *si, uint64_t *ui)
{
	uint32_t n = b->size;
	uint64_t x;

	if (n > c->len - c->off) {
		dfail(c, RTI_ERR_DECODER_ERROR, c->off, "%s needs %u octets, "
		    "%zu left", tname, n, c->len - c->off);
		return -1;
	}
	x = hla_get_uint(c->buf + c->off, n, b->u.basic.endian !=
	    FOM_ENDIAN_LITTLE);
	if (ui)
		*ui = x;
	if (si)
		*si = b->u.basic.cls == FOM_BASIC_SIGNED ?
		    hla_sign_extend(x, n) : (int64_t)x;
	c->off += n;
	return 0;
}

static struct rti_value *decode_t(struct dctx *c,
    const struct fom_datatype *t, unsigned depth);

static struct rti_value *
decode_scalar(struct dctx *c, const struct fom_datatype *t, int vk)
{
	const struct fom_datatype *b = fom_value_basic(c->f, t);
	struct rti_value *v;
	size_t at = c->off;
	uint64_t u;
	int64_t i;

	if (b == NULL)
		return dfail(c, RTI_ERR_DECODER_ERROR, at, "datatype '%s' has "
		    "no basic representation", t->name);
	if (vk == FOM_VK_RAW) {
		if (b->size > c->len - c->off)
			return dfail(c, RTI_ERR_DECODER_ERROR, at, "%s needs "
			    "%u octets, %zu left", t->name, b->size,
			    c->len - c->off);
		if ((v = dalloc(c, RTI_VALUE_BYTES, 1, b->size)) == NULL)
			return NULL;
		memcpy(v->str, c->buf + c->off, b->size);
		v->str[b->size] = '\0';
		v->n = b->size;
		c->off += b->size;
		return v;
	}
	if (dget_int(c, b, t->name, &i, &u) < 0)
		return NULL;
	switch (vk) {
	case FOM_VK_INT:
		if ((v = dnode(c, RTI_VALUE_INTEGER)) != NULL)
			v->s.i = i;
		return v;
	case FOM_VK_UINT:
		if ((v = dnode(c, RTI_VALUE_UNSIGNED)) != NULL)
			v->s.u = u;
		return v;
	case FOM_VK_FLOAT:
		if ((v = dnode(c, RTI_VALUE_FLOAT)) == NULL)
			return NULL;
		if (b->size == 4) {
			uint32_t w = (uint32_t)u;
			float fl;
			memcpy(&fl, &w, 4);
			v->s.d = fl;
		} else {
			memcpy(&v->s.d, &u, 8);
		}
		return v;
	case FOM_VK_BOOL:
		if (i != 0 && i != 1)
			return dfail(c, RTI_ERR_DECODER_ERROR, at, "HLAboolean "
			    "value %" PRId64 " is neither HLAfalse (0) nor "
			    "HLAtrue (1)", i);
		if ((v = dnode(c, RTI_VALUE_BOOLEAN)) != NULL)
			v->s.i = i;
		return v;
	}
	/* FOM_VK_ENUM */
	{
		int64_t e = fom_enumerator_of(t, i);
		const char *name;
		size_t nl;
		if (e < 0)
			return dfail(c, RTI_ERR_DECODER_ERROR, at, "%" PRId64
			    " is not a value of an enumerator of %s", i,
			    t->name);
		name = t->u.enumerated.enumerators[e].name;
		nl = strlen(name);
		if ((v = dalloc(c, RTI_VALUE_ENUMERATOR, 1, nl)) == NULL)
			return NULL;
		memcpy(v->str, name, nl + 1);
		v->s.i = i;
		return v;
	}
}

/* A STRING or BYTES node from n elements of an array of t's kind vk at
 * c->off (the padding before them skipped); cnt_at: where the array
 * starts. */
static struct rti_value *
decode_text(struct dctx *c, const struct fom_datatype *t, int vk, uint64_t n,
    int fixed, size_t cnt_at)
{
	size_t at = c->off, left = c->len - c->off, i, o = 0;
	uint64_t need = vk == FOM_VK_UNICODE ? n * 2 : n;
	struct rti_value *v;

	if (need > left)
		return dfail(c, RTI_ERR_DECODER_ERROR, cnt_at, "%s of %" PRIu64
		    " elements needs %" PRIu64 " octets, %zu left", t->name,
		    n, need, left);
	if (vk != FOM_VK_UNICODE) {
		const uint8_t *p = c->buf + c->off;
		size_t m = (size_t)n;
		if (vk == FOM_VK_ASCII) {
			for (i = 0; i < m; i++)
				if (p[i] > 0x7f)
					return dfail(c, RTI_ERR_DECODER_ERROR,
					    at + i, "byte 0x%02x of %s is not "
					    "7-bit ASCII", p[i], t->name);
			if (fixed)
				while (m > 0 && p[m - 1] == 0)
					m--;
		}
		if ((v = dalloc(c, vk == FOM_VK_ASCII ? RTI_VALUE_STRING :
		    RTI_VALUE_BYTES, 1, m)) == NULL)
			return NULL;
		if (m)
			memcpy(v->str, p, m);
		v->str[m] = '\0';
		v->n = (uint32_t)m;
		c->off += (size_t)n;
		return v;
	}
	/* UTF-16BE -> UTF-8: at most 3 octets per code unit */
	if ((v = dalloc(c, RTI_VALUE_STRING, 1, (size_t)n * 3)) == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		const uint8_t *p = c->buf + c->off + i * 2;
		uint32_t cp = (uint32_t)p[0] << 8 | p[1];
		if (cp >= 0xdc00 && cp <= 0xdfff) {
			return dfail(c, RTI_ERR_DECODER_ERROR, at + i * 2,
			    "unpaired low surrogate 0x%04x in %s", cp,
			    t->name);
		}
		if (cp >= 0xd800 && cp <= 0xdbff) {
			uint32_t lo = i + 1 < n ? (uint32_t)p[2] << 8 | p[3] :
			    0;
			if (lo < 0xdc00 || lo > 0xdfff) {
				return dfail(c, RTI_ERR_DECODER_ERROR,
				    at + i * 2, "unpaired high surrogate "
				    "0x%04x in %s", cp, t->name);
			}
			cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			i++;
		}
		o += hla_utf8_put(cp, (uint8_t *)v->str + o);
	}
	if (fixed)
		while (o > 0 && v->str[o - 1] == 0)
			o--;
	v->str[o] = '\0';
	v->n = (uint32_t)o;
	c->off += (size_t)n * 2;
	return v;
}

static struct rti_value *
decode_array(struct dctx *c, const struct fom_datatype *t, int vk,
    unsigned depth)
{
	const struct fom_datatype *e = fom_datatype(c->f, t->u.array.element);
	struct rti_value *v, *k;
	uint64_t n, i, emin;
	size_t at = c->off;
	int fixed = t->encoding == FOM_ENC_FIXED_ARRAY;

	if (fixed) {
		n = fom_value_fixed_count(t);
	} else {
		int64_t cnt;
		const struct fom_cardinality *cd = &t->u.array.dims[0];
		if (4 > c->len - c->off)
			return dfail(c, RTI_ERR_DECODER_ERROR, at, "%s count "
			    "needs 4 octets, %zu left", t->name,
			    c->len - c->off);
		cnt = (int32_t)hla_get_uint(c->buf + c->off, 4, 1);
		if (cnt < 0)
			return dfail(c, RTI_ERR_DECODER_ERROR, at, "%s count "
			    "%" PRId64 " is negative", t->name, cnt);
		if ((uint64_t)cnt < cd->lower || (uint64_t)cnt > cd->upper)
			return dfail(c, RTI_ERR_DECODER_ERROR, at, "%s count "
			    "%" PRId64 " is outside its cardinality %s",
			    t->name, cnt, t->u.array.cardinality);
		n = (uint64_t)cnt;
		c->off += 4;
	}
	if (n && dalign(c, e->boundary, "the first element") < 0)
		return NULL;
	if (vk == FOM_VK_ASCII || vk == FOM_VK_UNICODE || vk == FOM_VK_OCTETS)
		return decode_text(c, t, vk, n, fixed, at);
	emin = min_size(c->f, e, depth);
	if (emin && n > (c->len - c->off) / emin)
		return dfail(c, RTI_ERR_DECODER_ERROR, at, "%s %s %" PRIu64
		    " needs %" PRIu64 " octets, %zu left", fixed ?
		    "HLAfixedArray" : "HLAvariableArray", fixed ? "of" :
		    "count", n, n * emin, c->len - c->off);
	if (n > FOM_VALUE_MAX_NODES - c->nodes)
		return dfail(c, RTI_ERR_LIMIT_EXCEEDED, at, "%s of %" PRIu64
		    " elements: more than %u values in one decode (limit)",
		    t->name, n, FOM_VALUE_MAX_NODES);
	if ((v = dnode(c, RTI_VALUE_ARRAY)) == NULL)
		return NULL;
	if (n && (v->kids = arena_alloc(c, (size_t)n * sizeof(*v->kids))) ==
	    NULL)
		return dfail(c, RTI_ERR_NO_MEMORY, at, "out of memory");
	v->kids_arena = 1;
	v->cap = (uint32_t)n;
	for (i = 0; i < n; i++) {
		path_push(&c->path, NULL, i);
		if ((i && dalign(c, e->boundary, "an element") < 0) ||
		    (k = decode_t(c, e, depth + 1)) == NULL) {
			fom_value_free_tree(v);
			return NULL;
		}
		c->path.n--;
		k->attached = 1;
		v->kids[v->n++] = k;
	}
	return v;
}

static struct rti_value *
decode_record(struct dctx *c, const struct fom_datatype *t, unsigned depth)
{
	uint32_t i, n = t->u.record.n_fields;
	struct rti_value *v, *k;

	if ((v = dnode(c, RTI_VALUE_RECORD)) == NULL)
		return NULL;
	if (n && (v->kids = arena_alloc(c, n * sizeof(*v->kids))) == NULL)
		return dfail(c, RTI_ERR_NO_MEMORY, c->off, "out of memory");
	v->kids_arena = 1;
	v->cap = n;
	for (i = 0; i < n; i++) {
		const struct fom_field *fd = &t->u.record.fields[i];
		const struct fom_datatype *ft = fom_datatype(c->f, fd->type);
		path_push(&c->path, fd->name, 0);
		c->label = fd->name;
		if (dalign(c, ft->boundary, "a field") < 0 ||
		    (k = decode_t(c, ft, depth + 1)) == NULL) {
			fom_value_free_tree(v);
			return NULL;
		}
		c->path.n--;
		k->attached = 1;
		v->kids[v->n++] = k;
	}
	return v;
}

static struct rti_value *
decode_variant(struct dctx *c, const struct fom_datatype *t, unsigned depth)
{
	const struct fom_datatype *d = fom_datatype(c->f, t->u.variant.type);
	const struct fom_datatype *at;
	const struct fom_alternative *a;
	struct rti_value *v, *disc, *k;
	uint32_t ai;

	if ((v = dnode(c, RTI_VALUE_VARIANT)) == NULL)
		return NULL;
	if ((v->kids = arena_alloc(c, 2 * sizeof(*v->kids))) == NULL)
		return dfail(c, RTI_ERR_NO_MEMORY, c->off, "out of memory");
	v->kids[0] = v->kids[1] = NULL;
	v->kids_arena = 1;
	v->cap = 2;
	path_push(&c->path, t->u.variant.discriminant, 0);
	c->label = t->u.variant.discriminant;
	if ((disc = decode_scalar(c, d, FOM_VK_ENUM)) == NULL) {
		fom_value_free_tree(v);
		return NULL;
	}
	c->path.n--;
	disc->attached = 1;
	v->kids[v->n++] = disc;
	ai = fom_alternative_of(c->f, t, (uint32_t)fom_enumerator_of(d,
	    disc->s.i));
	if (ai == 0)
		return v;       /* an enumerator that selects no data */
	a = &t->u.variant.alternatives[ai - 1];
	if (a->type_name == NULL)
		return v;       /* NA */
	path_push(&c->path, a->name ? a->name : "(alternative)", 0);
	at = fom_datatype(c->f, a->type);
	c->label = a->name;
	if (dalign(c, at->boundary, "the alternative") < 0 ||
	    (k = decode_t(c, at, depth + 1)) == NULL) {
		fom_value_free_tree(v);
		return NULL;
	}
	c->path.n--;
	k->attached = 1;
	v->kids[v->n++] = k;
	return v;
}

static struct rti_value *
decode_t(struct dctx *c, const struct fom_datatype *t, unsigned depth)
{
	int vk;

	if (t == NULL || depth > FOM_VALUE_MAX_DEPTH)
		return dfail(c, RTI_ERR_DECODER_ERROR, c->off, "datatype "
		    "nesting deeper than %u", FOM_VALUE_MAX_DEPTH);
	vk = fom_value_vk(c->f, t);
	switch (vk) {
	case FOM_VK_ARRAY:
	case FOM_VK_ASCII:
	case FOM_VK_UNICODE:
	case FOM_VK_OCTETS:
		return decode_array(c, t, vk, depth);
	case FOM_VK_RECORD:
		return decode_record(c, t, depth);
	case FOM_VK_VARIANT:
		return decode_variant(c, t, depth);
	}
	return decode_scalar(c, t, vk);
}

int
fom_value_decode(const struct fom *f, uint32_t dt, const void *buf,
    size_t len, struct rti_value **out, char *err, size_t errcap)
{
	struct dctx c;
	struct rti_value *v;
	int rc;

	if (out == NULL || (buf == NULL && len))
		return RTI_ERR_INVALID_ARGUMENT;
	*out = NULL;
	if ((rc = fom_value_check_type(f, dt, err, errcap)) != RTI_OK)
		return rc;
	memset(&c, 0, sizeof(c));
	c.f = f;
	c.buf = buf;
	c.len = len;
	c.err = err;
	c.errcap = errcap;
	v = decode_t(&c, fom_datatype(f, dt), 1);
	if (v && c.off != len) {
		fom_value_free_tree(v);
		v = dfail(&c, RTI_ERR_DECODER_ERROR, c.off, "%zu octets after "
		    "the value of %s", len - c.off,
		    fom_datatype(f, dt)->name);
	}
	if (v == NULL) {
		fom_value_arena_free(c.arena);
		return c.rc != RTI_OK ? c.rc : RTI_ERR_INTERNAL_ERROR;
	}
	v->arena = c.arena;
	*out = v;
	return RTI_OK;
}

/* ---- encoding ---- */

struct ectx {
	const struct fom *f;
	struct rti_encoder e;
	int rc;
	char *err;
	size_t errcap;
	struct path path;
};

static int __attribute__((format(printf, 2, 3)))
efail(struct ectx *c, const char *fmt, ...)
{
	char msg[256], where[192];
	va_list ap;

	if (c->rc != RTI_OK)
		return -1;
	c->rc = RTI_ERR_INVALID_ARGUMENT;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	path_text(&c->path, where, sizeof(where));
	set_err(c->err, c->errcap, "%s: %s", where, msg);
	return -1;
}

static const char *const kind_names[] = {
	"nothing", "an integer", "an unsigned integer", "a float",
	"a boolean", "a string", "bytes", "an enumerator", "an array",
	"a record", "a variant"
};

static const char *
kind_name(const struct rti_value *v)
{
	return v == NULL ? "nothing" : v->kind <= RTI_VALUE_VARIANT ?
	    kind_names[v->kind] : "an unknown node";
}

/* Put the n (1..8) low octets of x in b's byte order. */
static void
eput_uint(struct ectx *c, uint64_t x, uint32_t n, int little)
{
	uint8_t o[8];

	hla_put_uint(o, x, n, !little);
	rti_encode_octets(&c->e, o, n);
}

/* The integer of node v as a value of an n-octet integer (signed or not),
 * range checked; -1 with the error. */
static int
int_of(struct ectx *c, const struct rti_value *v, uint32_t n, int sgn,
    const char *tname, uint64_t *out)
{
	int neg;
	uint64_t mag;

	if (v->kind == RTI_VALUE_INTEGER) {
		neg = v->s.i < 0;
		mag = neg ? (uint64_t)0 - (uint64_t)v->s.i : (uint64_t)v->s.i;
	} else if (v->kind == RTI_VALUE_UNSIGNED) {
		neg = 0;
		mag = v->s.u;
	} else {
		return efail(c, "expected an integer for %s, got %s", tname,
		    kind_name(v));
	}
	if (sgn) {
		uint64_t lim = (uint64_t)1 << (n * 8 - 1);
		if (neg ? mag > lim : mag >= lim)
			goto range;
		*out = neg ? (uint64_t)0 - mag : mag;
	} else {
		if (neg || (n < 8 && mag >> (n * 8)))
			goto range;
		*out = mag;
	}
	return 0;
range:
	if (v->kind == RTI_VALUE_INTEGER)
		return efail(c, "%" PRId64 " is out of range for %s (%u-bit "
		    "%s)", v->s.i, tname, n * 8, sgn ? "signed" : "unsigned");
	return efail(c, "%" PRIu64 " is out of range for %s (%u-bit %s)",
	    v->s.u, tname, n * 8, sgn ? "signed" : "unsigned");
}

static int encode_t(struct ectx *c, const struct fom_datatype *t,
    const struct rti_value *v, unsigned depth);

static int
encode_scalar(struct ectx *c, const struct fom_datatype *t, int vk,
    const struct rti_value *v)
{
	const struct fom_datatype *b = fom_value_basic(c->f, t);
	int little = b->u.basic.endian == FOM_ENDIAN_LITTLE;
	uint64_t x = 0;
	int64_t ev;

	switch (vk) {
	case FOM_VK_RAW:
		if (v->kind != RTI_VALUE_BYTES)
			return efail(c, "expected bytes for %s, got %s",
			    t->name, kind_name(v));
		if (v->n != b->size)
			return efail(c, "%s takes %u octets, got %u", t->name,
			    b->size, v->n);
		rti_encode_octets(&c->e, v->str, v->n);
		return 0;
	case FOM_VK_INT:
	case FOM_VK_UINT:
		if (int_of(c, v, b->size, vk == FOM_VK_INT, t->name, &x) < 0)
			return -1;
		eput_uint(c, x, b->size, little);
		return 0;
	case FOM_VK_FLOAT: {
		double d;
		if (v->kind == RTI_VALUE_FLOAT)
			d = v->s.d;
		else if (v->kind == RTI_VALUE_INTEGER)
			d = (double)v->s.i;
		else if (v->kind == RTI_VALUE_UNSIGNED)
			d = (double)v->s.u;
		else
			return efail(c, "expected a number for %s, got %s",
			    t->name, kind_name(v));
		if (b->size == 4) {
			float fl = (float)d;
			uint32_t w;
			memcpy(&w, &fl, 4);
			x = w;
		} else {
			memcpy(&x, &d, 8);
		}
		eput_uint(c, x, b->size, little);
		return 0;
	}
	case FOM_VK_BOOL:
		if (v->kind == RTI_VALUE_BOOLEAN)
			ev = v->s.i;
		else if (v->kind == RTI_VALUE_ENUMERATOR && v->str &&
		    (strcmp(v->str, "HLAtrue") == 0 ||
		    strcmp(v->str, "HLAfalse") == 0))
			ev = strcmp(v->str, "HLAtrue") == 0;
		else
			return efail(c, "expected a boolean for %s, got %s",
			    t->name, kind_name(v));
		eput_uint(c, (uint64_t)ev, b->size, little);
		return 0;
	}
	/* FOM_VK_ENUM: by name, else by value */
	if (v->kind == RTI_VALUE_ENUMERATOR && v->str) {
		uint32_t i;
		for (i = 0; i < t->u.enumerated.n_enumerators; i++)
			if (strcmp(t->u.enumerated.enumerators[i].name,
			    v->str) == 0)
				break;
		if (i == t->u.enumerated.n_enumerators)
			return efail(c, "'%s' is not an enumerator of %s",
			    v->str, t->name);
		ev = t->u.enumerated.enumerators[i].values[0];
	} else if (v->kind == RTI_VALUE_ENUMERATOR ||
	    v->kind == RTI_VALUE_INTEGER ||
	    (v->kind == RTI_VALUE_UNSIGNED && v->s.u <= INT64_MAX)) {
		ev = v->kind == RTI_VALUE_UNSIGNED ? (int64_t)v->s.u : v->s.i;
		if (fom_enumerator_of(t, ev) < 0)
			return efail(c, "%" PRId64 " is not the value of an "
			    "enumerator of %s", ev, t->name);
	} else {
		return efail(c, "expected an enumerator of %s, got %s",
		    t->name, kind_name(v));
	}
	eput_uint(c, (uint64_t)ev, b->size, little);
	return 0;
}

/* Elements [0, n) of array t from the text or bytes of v. */
static int
encode_text(struct ectx *c, const struct fom_datatype *t, int vk,
    const struct rti_value *v, uint64_t n, int fixed)
{
	size_t i, units = 0;
	uint32_t cp;

	if (vk == FOM_VK_OCTETS ? v->kind != RTI_VALUE_BYTES :
	    v->kind != RTI_VALUE_STRING)
		return efail(c, "expected %s for %s, got %s", vk == FOM_VK_OCTETS ?
		    "bytes" : "a string", t->name, kind_name(v));
	if (vk != FOM_VK_UNICODE) {
		if (vk == FOM_VK_ASCII)
			for (i = 0; i < v->n; i++)
				if ((unsigned char)v->str[i] > 0x7f)
					return efail(c, "character at byte %zu "
					    "is not 7-bit ASCII (%s)", i,
					    t->name);
		if (fixed && v->n > n)
			return efail(c, "%u %s too long for %s (%" PRIu64
			    ")", v->n, vk == FOM_VK_OCTETS ? "octets are" :
			    "characters are", t->name, n);
		rti_encode_octets(&c->e, v->str, v->n);
		for (i = v->n; fixed && i < n; i++)
			rti_encode_octet(&c->e, 0);
		return 0;
	}
	/* count UTF-16 units first (fixed arrays and counts need it) */
	for (i = 0; i < v->n;) {
		if (hla_utf8_next((const uint8_t *)v->str, v->n, &i, &cp) < 0)
			return efail(c, "invalid UTF-8 at byte %zu", i);
		units += cp > 0xffff ? 2 : 1;
	}
	if (fixed && units > n)
		return efail(c, "%zu UTF-16 code units are too long for %s (%"
		    PRIu64 ")", units, t->name, n);
	for (i = 0; i < v->n;) {
		uint8_t o[4];
		hla_utf8_next((const uint8_t *)v->str, v->n, &i, &cp);
		if (cp > 0xffff) {
			uint32_t s = cp - 0x10000;
			uint32_t hi = 0xd800 + (s >> 10), lo = 0xdc00 +
			    (s & 0x3ff);
			o[0] = (uint8_t)(hi >> 8);
			o[1] = (uint8_t)hi;
			o[2] = (uint8_t)(lo >> 8);
			o[3] = (uint8_t)lo;
			rti_encode_octets(&c->e, o, 4);
		} else {
			o[0] = (uint8_t)(cp >> 8);
			o[1] = (uint8_t)cp;
			rti_encode_octets(&c->e, o, 2);
		}
	}
	for (; fixed && units < n; units++)
		rti_encode_octet_pair_be(&c->e, 0);
	return 0;
}

/* UTF-16 units of a UTF-8 string (valid: checked by encode_text). */
static size_t
utf16_units(const struct rti_value *v)
{
	size_t i = 0, n = 0;
	uint32_t cp;

	while (i < v->n) {
		if (hla_utf8_next((const uint8_t *)v->str, v->n, &i, &cp) < 0)
			return (size_t)-1;
		n += cp > 0xffff ? 2 : 1;
	}
	return n;
}

static int
encode_array(struct ectx *c, const struct fom_datatype *t, int vk,
    const struct rti_value *v, unsigned depth)
{
	const struct fom_datatype *e = fom_datatype(c->f, t->u.array.element);
	int fixed = t->encoding == FOM_ENC_FIXED_ARRAY;
	uint64_t n, i;

	if (vk == FOM_VK_ARRAY && v->kind != RTI_VALUE_ARRAY)
		return efail(c, "expected an array for %s, got %s", t->name,
		    kind_name(v));
	if (fixed) {
		n = fom_value_fixed_count(t);
		if (vk == FOM_VK_ARRAY && v->n != n)
			return efail(c, "%s has %" PRIu64 " elements, got %u",
			    t->name, n, v->n);
	} else {
		const struct fom_cardinality *cd = &t->u.array.dims[0];
		if (vk == FOM_VK_UNICODE && v->kind == RTI_VALUE_STRING) {
			if ((n = utf16_units(v)) == (size_t)-1)
				return efail(c, "invalid UTF-8 in the string");
		} else if (vk == FOM_VK_ARRAY || (vk == FOM_VK_OCTETS ? v->kind ==
		    RTI_VALUE_BYTES : v->kind == RTI_VALUE_STRING)) {
			n = v->n;
		} else {
			return encode_text(c, t, vk, v, 0, 0);
		}
		if (n < cd->lower || n > cd->upper)
			return efail(c, "%" PRIu64 " elements are outside the "
			    "cardinality %s of %s", n, t->u.array.cardinality,
			    t->name);
		rti_encode_count(&c->e, (uint32_t)n);
	}
	if (n)
		rti_encoder_align(&c->e, e->boundary);
	if (vk != FOM_VK_ARRAY)
		return encode_text(c, t, vk, v, n, fixed);
	for (i = 0; i < n; i++) {
		path_push(&c->path, NULL, i);
		if (i)
			rti_encoder_align(&c->e, e->boundary);
		if (encode_t(c, e, v->kids[i], depth + 1) < 0)
			return -1;
		c->path.n--;
	}
	return 0;
}

static int
encode_record(struct ectx *c, const struct fom_datatype *t,
    const struct rti_value *v, unsigned depth)
{
	uint32_t i, j, n = t->u.record.n_fields;

	if (v->kind != RTI_VALUE_RECORD)
		return efail(c, "expected a record for %s, got %s", t->name,
		    kind_name(v));
	for (j = 0; j < v->n; j++) {
		for (i = 0; i < n; i++)
			if (v->kids[j]->label && strcmp(v->kids[j]->label,
			    t->u.record.fields[i].name) == 0)
				break;
		if (i == n)
			return efail(c, "%s has no field '%s'", t->name,
			    v->kids[j]->label ? v->kids[j]->label : "");
	}
	for (i = 0; i < n; i++) {
		const struct fom_field *fd = &t->u.record.fields[i];
		const struct fom_datatype *ft = fom_datatype(c->f, fd->type);
		const struct rti_value *k = NULL;
		/* fields in order: the usual case is O(1) */
		if (i < v->n && v->kids[i]->label &&
		    strcmp(v->kids[i]->label, fd->name) == 0)
			k = v->kids[i];
		else
			k = rti_value_field(v, fd->name);
		path_push(&c->path, fd->name, 0);
		if (k == NULL)
			return efail(c, "missing field of %s", t->name);
		rti_encoder_align(&c->e, ft->boundary);
		if (encode_t(c, ft, k, depth + 1) < 0)
			return -1;
		c->path.n--;
	}
	return 0;
}

static int
encode_variant(struct ectx *c, const struct fom_datatype *t,
    const struct rti_value *v, unsigned depth)
{
	const struct fom_datatype *d = fom_datatype(c->f, t->u.variant.type);
	const struct fom_alternative *a;
	const struct rti_value *alt;
	uint32_t ai;
	int64_t e;

	if (v->kind != RTI_VALUE_VARIANT)
		return efail(c, "expected a variant for %s, got %s", t->name,
		    kind_name(v));
	path_push(&c->path, t->u.variant.discriminant, 0);
	if (encode_scalar(c, d, FOM_VK_ENUM, v->kids[0]) < 0)
		return -1;
	c->path.n--;
	/* the enumerator just written, by its value */
	if (v->kids[0]->str) {
		uint32_t i;
		for (i = 0; strcmp(d->u.enumerated.enumerators[i].name,
		    v->kids[0]->str) != 0; i++)
			;
		e = i;
	} else {
		e = fom_enumerator_of(d, v->kids[0]->kind ==
		    RTI_VALUE_UNSIGNED ? (int64_t)v->kids[0]->s.u :
		    v->kids[0]->s.i);
	}
	ai = fom_alternative_of(c->f, t, (uint32_t)e);
	a = ai ? &t->u.variant.alternatives[ai - 1] : NULL;
	alt = v->n > 1 ? v->kids[1] : NULL;
	if (a == NULL || a->type_name == NULL) {
		if (alt)
			return efail(c, "the discriminant of %s selects no "
			    "data, got %s", t->name, kind_name(alt));
		return 0;
	}
	path_push(&c->path, a->name ? a->name : "(alternative)", 0);
	if (alt == NULL)
		return efail(c, "missing the alternative of %s", t->name);
	{
		const struct fom_datatype *at2 = fom_datatype(c->f, a->type);
		rti_encoder_align(&c->e, at2->boundary);
		if (encode_t(c, at2, alt, depth + 1) < 0)
			return -1;
	}
	c->path.n--;
	return 0;
}

static int
encode_t(struct ectx *c, const struct fom_datatype *t,
    const struct rti_value *v, unsigned depth)
{
	int vk;

	if (v == NULL)
		return efail(c, "no value for %s", t->name);
	if (depth > FOM_VALUE_MAX_DEPTH)
		return efail(c, "nesting deeper than %u", FOM_VALUE_MAX_DEPTH);
	vk = fom_value_vk(c->f, t);
	switch (vk) {
	case FOM_VK_ARRAY:
	case FOM_VK_ASCII:
	case FOM_VK_UNICODE:
	case FOM_VK_OCTETS:
		return encode_array(c, t, vk, v, depth);
	case FOM_VK_RECORD:
		return encode_record(c, t, v, depth);
	case FOM_VK_VARIANT:
		return encode_variant(c, t, v, depth);
	}
	return encode_scalar(c, t, vk, v);
}

int
fom_value_encode(const struct fom *f, uint32_t dt,
    const struct rti_value *v, void *buf, size_t cap, size_t *len,
    char *err, size_t errcap)
{
	struct ectx c;
	int rc;

	if (len)
		*len = 0;
	if (v == NULL || len == NULL || (buf == NULL && cap))
		return RTI_ERR_INVALID_ARGUMENT;
	if ((rc = fom_value_check_type(f, dt, err, errcap)) != RTI_OK)
		return rc;
	memset(&c, 0, sizeof(c));
	c.f = f;
	c.err = err;
	c.errcap = errcap;
	rti_encoder_init(&c.e, cap ? buf : NULL, cap);
	if (encode_t(&c, fom_datatype(f, dt), v, 1) < 0)
		return c.rc;
	*len = c.e.len;
	if (c.e.err == RTI_ERR_LIMIT_EXCEEDED) {
		set_err(err, errcap, "the value takes %zu octets, the buffer "
		    "holds %zu", c.e.len, cap);
		return RTI_ERR_LIMIT_EXCEEDED;
	}
	if (c.e.err != RTI_OK) {
		set_err(err, errcap, "encoder error %d", c.e.err);
		return c.e.err;
	}
	return RTI_OK;
}
