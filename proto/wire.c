/* SPDX-License-Identifier: Apache-2.0 */
/* wire.c - pure codec; see wire.h. */
#include <stdlib.h>
#include <string.h>

#include "wire.h"

void
wire_buf_init(struct wire_buf *b)
{
	b->data = NULL;
	b->len = b->cap = 0;
	b->oom = 0;
}

void
wire_buf_free(struct wire_buf *b)
{
	free(b->data);
	wire_buf_init(b);
}

void
wire_buf_reset(struct wire_buf *b)
{
	b->len = 0;
	b->oom = 0;
}

int
wire_grow(void **arr, size_t *cap, size_t n, size_t size)
{
	size_t c = *cap ? *cap : 16;
	void *p;

	if (n <= *cap)
		return 0;
	while (c < n)
		c *= 2;
	p = realloc(*arr, c * size);
	if (!p)
		return -1;
	*arr = p;
	*cap = c;
	return 0;
}

int
wire_grow_table(void *pp, uint32_t old, uint32_t n, size_t size)
{
	void **p = pp;
	char *q;

	if (n <= old)
		return 0;
	if (!(q = realloc(*p, ((size_t)n + 1) * size)))
		return -1;
	memset(q + ((size_t)old + 1) * size, 0, (size_t)(n - old) * size);
	*p = q;
	return 0;
}

int
wire_buf_reserve(struct wire_buf *b, size_t n)
{
	size_t cap;
	uint8_t *d;

	if (b->oom)
		return -1;
	if (n <= b->cap - b->len)
		return 0;
	if (n > SIZE_MAX / 2 - b->len) {
		b->oom = 1;
		return -1;
	}
	cap = b->cap ? b->cap : 256;
	while (cap - b->len < n)
		cap *= 2;
	d = realloc(b->data, cap);
	if (!d) {
		b->oom = 1;
		return -1;
	}
	b->data = d;
	b->cap = cap;
	return 0;
}

void
wire_put_raw(struct wire_buf *b, const void *p, size_t n)
{
	if (wire_buf_reserve(b, n) < 0)
		return;
	if (n)
		memcpy(b->data + b->len, p, n);
	b->len += n;
}

void
wire_put_u8(struct wire_buf *b, uint8_t v)
{
	wire_put_raw(b, &v, 1);
}

void
wire_put_u16(struct wire_buf *b, uint16_t v)
{
	if (wire_buf_reserve(b, 2) < 0)
		return;
	wire_put16(b->data + b->len, v);
	b->len += 2;
}

void
wire_put_u32(struct wire_buf *b, uint32_t v)
{
	if (wire_buf_reserve(b, 4) < 0)
		return;
	wire_put32(b->data + b->len, v);
	b->len += 4;
}

void
wire_put_u64(struct wire_buf *b, uint64_t v)
{
	if (wire_buf_reserve(b, 8) < 0)
		return;
	wire_put64(b->data + b->len, v);
	b->len += 8;
}

void
wire_put_f64(struct wire_buf *b, double v)
{
	uint64_t u;

	memcpy(&u, &v, sizeof u);
	wire_put_u64(b, u);
}

void
wire_put_blob(struct wire_buf *b, const void *p, size_t n)
{
	if (n > UINT32_MAX) {
		b->oom = 1;
		return;
	}
	wire_put_u32(b, (uint32_t)n);
	wire_put_raw(b, p, n);
}

void
wire_put_str(struct wire_buf *b, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	wire_put_u32(b, (uint32_t)(n + 1));
	wire_put_raw(b, s ? s : "", n);
	wire_put_u8(b, 0);
}

size_t
wire_frame_begin(struct wire_buf *b, uint16_t type)
{
	size_t off = b->len;

	if (wire_buf_reserve(b, WIRE_HEADER_SIZE) < 0)
		return off;
	wire_put32(b->data + off, 0);
	wire_put16(b->data + off + 4, type);
	wire_put16(b->data + off + 6, 0);
	b->len += WIRE_HEADER_SIZE;
	return off;
}

void
wire_frame_end(struct wire_buf *b, size_t off)
{
	if (b->oom)
		return;
	wire_put32(b->data + off,
	    (uint32_t)(b->len - off - WIRE_HEADER_SIZE));
}

void
wire_patch_u32(struct wire_buf *b, size_t off, uint32_t v)
{
	if (b->oom || off + 4 > b->len)
		return;
	wire_put32(b->data + off, v);
}

static inline int
need(struct wire_rd *r, size_t n)
{
	if (r->err || (size_t)(r->end - r->p) < n) {
		r->err = 1;
		return 0;
	}
	return 1;
}

uint8_t
wire_get_u8(struct wire_rd *r)
{
	if (!need(r, 1))
		return 0;
	return *r->p++;
}

uint16_t
wire_get_u16(struct wire_rd *r)
{
	uint16_t v;

	if (!need(r, 2))
		return 0;
	v = wire_get16(r->p);
	r->p += 2;
	return v;
}

uint32_t
wire_get_u32(struct wire_rd *r)
{
	uint32_t v;

	if (!need(r, 4))
		return 0;
	v = wire_get32(r->p);
	r->p += 4;
	return v;
}

uint64_t
wire_get_u64(struct wire_rd *r)
{
	uint64_t v;

	if (!need(r, 8))
		return 0;
	v = wire_get64(r->p);
	r->p += 8;
	return v;
}

double
wire_get_f64(struct wire_rd *r)
{
	uint64_t u = wire_get_u64(r);
	double d;

	memcpy(&d, &u, sizeof d);
	return d;
}

const void *
wire_get_raw(struct wire_rd *r, size_t n)
{
	const uint8_t *p;

	if (!need(r, n))
		return NULL;
	p = r->p;
	r->p += n;
	return p;
}

const void *
wire_get_blob(struct wire_rd *r, uint32_t *len, uint32_t max)
{
	uint32_t n = wire_get_u32(r);
	const void *p;

	*len = 0;
	if (r->err)
		return NULL;
	if (n > max) {
		r->err = 1;
		return NULL;
	}
	p = wire_get_raw(r, n);
	if (p)
		*len = n;
	return p;
}

const char *
wire_get_str(struct wire_rd *r, uint32_t max)
{
	uint32_t n = wire_get_u32(r);
	const char *s;

	if (r->err)
		return NULL;
	if (n == 0 || n - 1 > max) {
		r->err = 1;
		return NULL;
	}
	s = wire_get_raw(r, n);
	if (!s)
		return NULL;
	if (s[n - 1] != '\0' || memchr(s, '\0', n - 1) != NULL) {
		r->err = 1;
		return NULL;
	}
	return s;
}

uint32_t
wire_get_count(struct wire_rd *r, size_t min_item)
{
	uint32_t n = wire_get_u32(r);

	if (r->err)
		return 0;
	if (min_item && (uint64_t)n * min_item > wire_rd_left(r)) {
		r->err = 1;
		return 0;
	}
	return n;
}

int
wire_frame_peek(const uint8_t *p, size_t n, uint32_t max, uint16_t *type,
    uint16_t *flags, uint32_t *len)
{
	if (n < WIRE_HEADER_SIZE)
		return 0;
	*len = wire_get32(p);
	*type = wire_get16(p + 4);
	*flags = wire_get16(p + 6);
	if (*len > max)
		return -1;
	return 1;
}
