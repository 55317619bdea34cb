/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_value.h - the FOM-driven value codec (fom_value.c) and its JSON form
 * (fom_json.c): HLA-encoded bytes <-> value tree <-> JSON text, by a
 * datatype of a `struct fom` (IEEE 1516.2-2010 4.13).  Pure: no I/O, no
 * global state; the model is only read.  librti's rti_decode_value & co.
 * (librti-values(3)) are thin wrappers; rtiexec never decodes values.
 *
 * The tree (struct rti_value, opaque in librti.h) is defined here so that
 * the codecs and their tests can build it directly.  A node is one
 * allocation holding its label and its string or bytes; composites hold an
 * array of child pointers.  A node is a root until it is attached to a
 * parent (append, set_field, new_variant), and only roots are freed by
 * rti_value_free, which frees the whole subtree.
 *
 * A decoded tree lies in an arena of chunks that its root owns (one
 * allocation per chunk, not per node); nodes built or attached later are
 * allocations of their own.  A node is never detached from its parent, so
 * arena memory is only ever freed with the root.
 *
 * Errors: every function returns RTI_OK or an rti_err code and, on error,
 * writes a NUL-terminated message into err[0..errcap) (err may be NULL
 * when errcap is 0):
 *   decode: "offset N: what did not fit" (with the path of the item when
 *           it is inside a composite: "offset 12 ($.Phases[2]): ...");
 *   encode and JSON input: "$.path: what is wrong".
 */
#ifndef RTI_FOM_VALUE_H
#define RTI_FOM_VALUE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fom.h"
#include "librti.h"

/* Hard caps of one decode or JSON parse: nodes of the tree, and nesting
 * (a datatype's depth is at most FOM_MAX_DT_DEPTH already). */
#define FOM_VALUE_MAX_NODES (1u << 20)
#define FOM_VALUE_MAX_DEPTH (FOM_MAX_DT_DEPTH + 2u)
/* Largest JSON text rti_value_from_json and fom_json_* accept. */
#define FOM_JSON_MAX_BYTES (64u * 1024 * 1024)

/* Chunks of a decode's arena (fom_value.c): bump allocation, freed all
 * at once with the root (fom_value_arena_free, fom_value_tree.c). */
struct fom_value_chunk {
	struct fom_value_chunk *next;
	size_t used, cap;
	_Alignas(16) unsigned char data[];
};

void fom_value_arena_free(struct fom_value_chunk *k);

/* Bytes that never occur in UTF-8 (so never in JSON text), at the same
 * place in every node. */
#define FOM_VALUE_MAGIC "\xff\xfe\xfd"

struct rti_value {
	uint8_t kind;            /* enum rti_value_kind */
	uint8_t attached;        /* 1: has a parent, which frees it */
	uint8_t label_heap;      /* label was malloc'd on its own */
	uint8_t in_arena;        /* the node lies in its decode's arena */
	uint8_t kids_arena;      /* kids lies there too */
	uint8_t magic[3];        /* FOM_VALUE_MAGIC: rti_free tells a tree
	                          * from JSON text by it (in what was
	                          * padding) */
	uint32_t n;              /* children, or string / bytes length */
	uint32_t cap;            /* room in kids */
	union {
		int64_t i;       /* INTEGER, ENUMERATOR (its value),
		                  * BOOLEAN (0/1) */
		uint64_t u;      /* UNSIGNED */
		double d;        /* FLOAT */
	} s;
	char *label;             /* field name in a record; discriminant and
	                          * alternative names in a variant's
	                          * children; else NULL */
	char *str;               /* STRING (UTF-8, NUL-terminated), BYTES,
	                          * ENUMERATOR name (NULL: by value) */
	struct rti_value **kids; /* ARRAY elements, RECORD fields, VARIANT
	                          * [discriminant, alternative value] */
	struct fom_value_chunk *arena; /* root of a decode: the chunks its
	                          * nodes lie in, freed with it */
};

/*
 * Decode len bytes of datatype `dt` of `f` into a new tree *out (owned by
 * the caller: rti_value_free).  The bytes must be exactly one value:
 * trailing bytes are an error.  RTI_OK; RTI_ERR_DECODER_ERROR (bytes that
 * do not fit the type: truncated, a count larger than the bytes left or
 * outside the cardinality, an enumerator value not defined, invalid
 * ASCII or UTF-16, trailing bytes); RTI_ERR_LIMIT_EXCEEDED (more than
 * FOM_VALUE_MAX_NODES nodes); RTI_ERR_INVALID_ARGUMENT (dt not defined or
 * not encodable); RTI_ERR_NO_MEMORY.  *out is NULL on error.
 */
int fom_value_decode(const struct fom *f, uint32_t dt, const void *buf,
    size_t len, struct rti_value **out, char *err, size_t errcap);

/*
 * Encode tree `v` as datatype `dt` into buf[0..cap) (buf may be NULL when
 * cap is 0) with zero padding; *len receives the encoded size, also when
 * RTI_ERR_LIMIT_EXCEEDED says cap is too small (the message names the
 * size needed).  RTI_ERR_INVALID_ARGUMENT: the tree does not fit the type
 * (wrong kind, integer out of range for the representation, unknown or
 * missing field, enumerator not defined, string too long for a fixed
 * array, count outside the cardinality, invalid UTF-8 or non-ASCII text),
 * with its path.
 */
int fom_value_encode(const struct fom *f, uint32_t dt,
    const struct rti_value *v, void *buf, size_t cap, size_t *len,
    char *err, size_t errcap);

/*
 * JSON text of tree `v` (see librti-values(3) for the mapping) into a new
 * NUL-terminated string *out (malloc'd, the caller frees it), its length
 * in *outlen (may be NULL).  RTI_OK, RTI_ERR_NO_MEMORY,
 * RTI_ERR_INVALID_ARGUMENT (NULL, or a STRING that is not UTF-8).
 */
int fom_value_to_json(const struct rti_value *v, char **out, size_t *outlen,
    char *err, size_t errcap);

/*
 * Parse JSON text json[0..len) as a value of datatype `dt` into a new tree
 * *out (the caller frees it).  RTI_ERR_INVALID_ARGUMENT for text that is
 * not JSON or does not fit the type ("$.Phases[2].Voltage: expected a
 * number"); RTI_ERR_LIMIT_EXCEEDED for text over FOM_JSON_MAX_BYTES,
 * deeper than FOM_VALUE_MAX_DEPTH or with more than FOM_VALUE_MAX_NODES
 * values.
 */
int fom_value_from_json(const struct fom *f, uint32_t dt, const char *json,
    size_t len, struct rti_value **out, char *err, size_t errcap);

/* JSON text -> bytes and bytes -> JSON text in one call each, without
 * keeping the tree: as fom_value_from_json + fom_value_encode and
 * fom_value_decode + fom_value_to_json. */
int fom_value_encode_json(const struct fom *f, uint32_t dt, const char *json,
    size_t jlen, void *buf, size_t cap, size_t *len, char *err,
    size_t errcap);
int fom_value_decode_json(const struct fom *f, uint32_t dt, const void *bytes,
    size_t len, char **json, size_t *jlen, char *err, size_t errcap);

/* Whether datatype `dt` can be encoded and decoded: RTI_OK, or
 * RTI_ERR_INVALID_ARGUMENT with the reason in err (not defined, opaque and
 * why). */
int fom_value_check_type(const struct fom *f, uint32_t dt, char *err,
    size_t errcap);

/*
 * Shared by fom_value.c and fom_json.c (not for other callers): what a
 * datatype's values are in the tree (fom_value.c's header comment),
 * the basic representation under a simple or enumerated datatype (NULL
 * for other kinds), the element count of a fixed array (FOM_CARD_MAX + 1
 * past that), and freeing a node and everything under it whether it is
 * attached or not.
 */
enum fom_vk {
	FOM_VK_INT = 1, FOM_VK_UINT, FOM_VK_FLOAT, FOM_VK_RAW, FOM_VK_BOOL,
	FOM_VK_ENUM, FOM_VK_ASCII, FOM_VK_UNICODE, FOM_VK_OCTETS,
	FOM_VK_ARRAY, FOM_VK_RECORD, FOM_VK_VARIANT
};
int fom_value_vk(const struct fom *f, const struct fom_datatype *t);
const struct fom_datatype *fom_value_basic(const struct fom *f,
    const struct fom_datatype *t);
uint64_t fom_value_fixed_count(const struct fom_datatype *t);
void fom_value_free_tree(struct rti_value *v);

/* Every node starts so: zero, its kind, the magic. */
static inline void
fom_value_node_init(struct rti_value *v, uint8_t kind)
{
	memset(v, 0, sizeof(*v));
	v->kind = kind;
	memcpy(v->magic, FOM_VALUE_MAGIC, sizeof(v->magic));
}

/* Whether p, which points at 8 readable bytes at least, is a node. */
static inline int
fom_value_is_node(const void *p)
{
	return memcmp((const unsigned char *)p +
	    offsetof(struct rti_value, magic), FOM_VALUE_MAGIC,
	    sizeof(((struct rti_value *)0)->magic)) == 0;
}

#endif
