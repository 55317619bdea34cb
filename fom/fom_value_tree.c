/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_value_tree.c - the value tree of fom_value.h: its nodes (one
 * allocation each, label and data included, or a decode's arena, freed
 * with the root), and the rti_value_* accessors and builders of librti.h
 * (librti-values(3)).  The codecs (fom_value.c, fom_json.c) build trees
 * directly.
 */
#include <stdlib.h>
#include <string.h>

#include "fom_value.h"
#include "hla.h"

/* ---- the tree ---- */

/* A new node of `kind` with `extra` bytes after it for label and data. */
static struct rti_value *
val_alloc(uint8_t kind, size_t extra)
{
	struct rti_value *v = malloc(sizeof(*v) + extra);

	if (v == NULL)
		return NULL;
	fom_value_node_init(v, kind);
	return v;
}

/* A node with string/bytes p[0..n) copied after it, NUL-terminated. */
static struct rti_value *
val_with_data(uint8_t kind, const void *p, size_t n)
{
	struct rti_value *v;

	if (n > UINT32_MAX - 1)
		return NULL;
	if ((v = val_alloc(kind, n + 1)) == NULL)
		return NULL;
	v->str = (char *)(v + 1);
	if (n)
		memcpy(v->str, p, n);
	v->str[n] = '\0';
	v->n = (uint32_t)n;
	return v;
}

void
fom_value_arena_free(struct fom_value_chunk *k)
{
	while (k) {
		struct fom_value_chunk *n = k->next;
		free(k);
		k = n;
	}
}

void
fom_value_free_tree(struct rti_value *v)
{
	struct fom_value_chunk *arena;
	uint32_t i;

	if (v == NULL)
		return;
	arena = v->arena;
	if (v->kids) {
		for (i = 0; i < v->n; i++)
			fom_value_free_tree(v->kids[i]);
		if (!v->kids_arena)
			free(v->kids);
	}
	if (v->label_heap)
		free(v->label);
	if (!v->in_arena)
		free(v);
	fom_value_arena_free(arena);
}

/* Room for one more child; -1 on ENOMEM or at the node cap. */
static int
val_grow(struct rti_value *v)
{
	struct rti_value **k;
	uint32_t cap;

	if (v->n < v->cap)
		return 0;
	if (v->cap >= FOM_VALUE_MAX_NODES)
		return -1;
	cap = v->cap ? v->cap * 2 : 4;
	if (v->kids_arena) {
		/* a decoded node's array: copy it out of the arena */
		if ((k = malloc(cap * sizeof(*k))) == NULL)
			return -1;
		memcpy(k, v->kids, v->n * sizeof(*k));
		v->kids_arena = 0;
	} else if ((k = realloc(v->kids, cap * sizeof(*k))) == NULL) {
		return -1;
	}
	v->kids = k;
	v->cap = cap;
	return 0;
}

/* Give `v` a copy of label s (NULL clears it); -1 on ENOMEM. */
static int
val_set_label(struct rti_value *v, const char *s)
{
	char *c = NULL;

	if (s && (c = strdup(s)) == NULL)
		return -1;
	if (v->label_heap)
		free(v->label);
	v->label = c;
	v->label_heap = c != NULL;
	return 0;
}

RTI_API void
rti_value_free(rti_value *v)
{
	/* not a node (JSON text given by mistake: rti_free's) or not a root:
	 * nothing to free here */
	if (v == NULL || !fom_value_is_node(v) || v->attached)
		return;
	fom_value_free_tree(v);
}

RTI_API int
rti_value_kind(const rti_value *v)
{
	return v ? v->kind : 0;
}

RTI_API int64_t
rti_value_int(const rti_value *v)
{
	if (v == NULL)
		return 0;
	switch (v->kind) {
	case RTI_VALUE_INTEGER:
	case RTI_VALUE_ENUMERATOR:
	case RTI_VALUE_BOOLEAN:
		return v->s.i;
	case RTI_VALUE_UNSIGNED:
		return v->s.u <= INT64_MAX ? (int64_t)v->s.u : 0;
	}
	return 0;
}

RTI_API uint64_t
rti_value_uint(const rti_value *v)
{
	if (v == NULL)
		return 0;
	if (v->kind == RTI_VALUE_UNSIGNED)
		return v->s.u;
	if (v->kind == RTI_VALUE_INTEGER && v->s.i >= 0)
		return (uint64_t)v->s.i;
	return 0;
}

RTI_API double
rti_value_double(const rti_value *v)
{
	if (v == NULL)
		return 0;
	switch (v->kind) {
	case RTI_VALUE_FLOAT:
		return v->s.d;
	case RTI_VALUE_INTEGER:
		return (double)v->s.i;
	case RTI_VALUE_UNSIGNED:
		return (double)v->s.u;
	}
	return 0;
}

RTI_API int
rti_value_bool(const rti_value *v)
{
	return v && v->kind == RTI_VALUE_BOOLEAN ? v->s.i != 0 : 0;
}

RTI_API const char *
rti_value_string(const rti_value *v, size_t *len)
{
	if (v && (v->kind == RTI_VALUE_STRING ||
	    (v->kind == RTI_VALUE_ENUMERATOR && v->str))) {
		if (len)
			*len = v->kind == RTI_VALUE_STRING ? v->n :
			    strlen(v->str);
		return v->str;
	}
	if (len)
		*len = 0;
	return NULL;
}

RTI_API const void *
rti_value_bytes(const rti_value *v, size_t *len)
{
	if (v && v->kind == RTI_VALUE_BYTES) {
		if (len)
			*len = v->n;
		return v->str;
	}
	if (len)
		*len = 0;
	return NULL;
}

RTI_API size_t
rti_value_count(const rti_value *v)
{
	if (v && (v->kind == RTI_VALUE_ARRAY || v->kind == RTI_VALUE_RECORD))
		return v->n;
	return 0;
}

RTI_API rti_value *
rti_value_at(const rti_value *v, size_t i)
{
	if (v && (v->kind == RTI_VALUE_ARRAY || v->kind == RTI_VALUE_RECORD) &&
	    i < v->n)
		return v->kids[i];
	return NULL;
}

RTI_API const char *
rti_value_field_name(const rti_value *v, size_t i)
{
	if (v && v->kind == RTI_VALUE_RECORD && i < v->n)
		return v->kids[i]->label;
	return NULL;
}

RTI_API rti_value *
rti_value_field(const rti_value *v, const char *name)
{
	uint32_t i;

	if (v == NULL || v->kind != RTI_VALUE_RECORD || name == NULL)
		return NULL;
	for (i = 0; i < v->n; i++)
		if (v->kids[i]->label && strcmp(v->kids[i]->label, name) == 0)
			return v->kids[i];
	return NULL;
}

RTI_API const char *
rti_value_enumerator(const rti_value *v)
{
	return v && v->kind == RTI_VALUE_ENUMERATOR ? v->str : NULL;
}

RTI_API rti_value *
rti_value_discriminant(const rti_value *v)
{
	return v && v->kind == RTI_VALUE_VARIANT ? v->kids[0] : NULL;
}

RTI_API rti_value *
rti_value_alternative(const rti_value *v)
{
	return v && v->kind == RTI_VALUE_VARIANT && v->n > 1 ? v->kids[1] :
	    NULL;
}

RTI_API const char *
rti_value_alternative_name(const rti_value *v)
{
	rti_value *a = rti_value_alternative(v);

	return a ? a->label : NULL;
}

RTI_API rti_value *
rti_value_new_int(int64_t x)
{
	struct rti_value *v = val_alloc(RTI_VALUE_INTEGER, 0);

	if (v)
		v->s.i = x;
	return v;
}

RTI_API rti_value *
rti_value_new_uint(uint64_t x)
{
	struct rti_value *v = val_alloc(RTI_VALUE_UNSIGNED, 0);

	if (v)
		v->s.u = x;
	return v;
}

RTI_API rti_value *
rti_value_new_double(double x)
{
	struct rti_value *v = val_alloc(RTI_VALUE_FLOAT, 0);

	if (v)
		v->s.d = x;
	return v;
}

RTI_API rti_value *
rti_value_new_bool(int x)
{
	struct rti_value *v = val_alloc(RTI_VALUE_BOOLEAN, 0);

	if (v)
		v->s.i = x != 0;
	return v;
}

/* 1 when s[0..n) is well-formed UTF-8. */
static int
utf8_ok(const char *s, size_t n)
{
	size_t i = 0;
	uint32_t cp;

	while (i < n) {
		if ((unsigned char)s[i] < 0x80) {
			i++;
			continue;
		}
		if (hla_utf8_next((const uint8_t *)s, n, &i, &cp) < 0)
			return 0;
	}
	return 1;
}

RTI_API rti_value *
rti_value_new_string(const char *utf8, size_t len)
{
	if (utf8 == NULL && len)
		return NULL;
	if (!utf8_ok(utf8 ? utf8 : "", len))
		return NULL;
	return val_with_data(RTI_VALUE_STRING, utf8, len);
}

RTI_API rti_value *
rti_value_new_bytes(const void *p, size_t len)
{
	if (p == NULL && len)
		return NULL;
	return val_with_data(RTI_VALUE_BYTES, p, len);
}

RTI_API rti_value *
rti_value_new_enumerator(const char *name, int64_t value)
{
	struct rti_value *v;

	if (name)
		v = val_with_data(RTI_VALUE_ENUMERATOR, name, strlen(name));
	else
		v = val_alloc(RTI_VALUE_ENUMERATOR, 0);
	if (v) {
		v->n = 0;
		v->s.i = value;
	}
	return v;
}

RTI_API rti_value *
rti_value_new_array(void)
{
	return val_alloc(RTI_VALUE_ARRAY, 0);
}

RTI_API rti_value *
rti_value_new_record(void)
{
	return val_alloc(RTI_VALUE_RECORD, 0);
}

RTI_API rti_value *
rti_value_new_variant(const char *disc_name, rti_value *disc,
    const char *alt_name, rti_value *alt)
{
	struct rti_value *v;
	char *dl = NULL, *al = NULL;

	if (disc == NULL || disc->kind != RTI_VALUE_ENUMERATOR ||
	    disc->attached || disc == alt || (alt && alt->attached))
		return NULL;
	if ((v = val_alloc(RTI_VALUE_VARIANT, 0)) == NULL ||
	    (v->kids = calloc(2, sizeof(*v->kids))) == NULL ||
	    (disc_name && (dl = strdup(disc_name)) == NULL) ||
	    (alt && alt_name && (al = strdup(alt_name)) == NULL)) {
		free(dl);
		if (v)
			free(v->kids);
		free(v);
		return NULL;
	}
	v->cap = 2;
	if (dl) {
		if (disc->label_heap)
			free(disc->label);
		disc->label = dl;
		disc->label_heap = 1;
	}
	if (al) {
		if (alt->label_heap)
			free(alt->label);
		alt->label = al;
		alt->label_heap = 1;
	}
	v->kids[0] = disc;
	disc->attached = 1;
	v->n = 1;
	if (alt) {
		v->kids[1] = alt;
		alt->attached = 1;
		v->n = 2;
	}
	return v;
}

RTI_API int
rti_value_append(rti_value *array, rti_value *child)
{
	if (array == NULL || child == NULL || array->kind != RTI_VALUE_ARRAY ||
	    child->attached || child == array)
		return RTI_ERR_INVALID_ARGUMENT;
	if (val_grow(array) < 0)
		return RTI_ERR_NO_MEMORY;
	array->kids[array->n++] = child;
	child->attached = 1;
	return RTI_OK;
}

RTI_API int
rti_value_set_field(rti_value *record, const char *name, rti_value *child)
{
	uint32_t i;

	if (record == NULL || name == NULL || child == NULL ||
	    record->kind != RTI_VALUE_RECORD || child->attached ||
	    child == record)
		return RTI_ERR_INVALID_ARGUMENT;
	for (i = 0; i < record->n; i++)
		if (strcmp(record->kids[i]->label, name) == 0)
			break;
	if (i == record->n && val_grow(record) < 0)
		return RTI_ERR_NO_MEMORY;
	if (val_set_label(child, name) < 0)
		return RTI_ERR_NO_MEMORY;
	if (i < record->n)
		fom_value_free_tree(record->kids[i]);
	else
		record->n++;
	record->kids[i] = child;
	child->attached = 1;
	return RTI_OK;
}
