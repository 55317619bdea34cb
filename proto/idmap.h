/* SPDX-License-Identifier: Apache-2.0 */
/*
 * idmap.h - the hash table of rti (shared by rtiexec, librti and the FOM
 * loader via libproto.la; never installed): every table of either side
 * that finds an entry by a handle or by a name.  Integer keys are
 * uint32_t or uint64_t fields of the entries (handles, or a composite such
 * as (federate, kind, class)); string keys are `char *` fields, hashed
 * with SipHash-1-3 under a random key per table (or one the caller
 * gives: idmap_set_key).  A string key may have a scope, a uint32_t field
 * beside it (a class handle: the FOM finds an attribute by its declaring
 * class and its name), mixed into the hash's key; it then keeps its hash
 * in a uint64_t field of the entry: growth rehashes from it and lookups
 * compare it, then the scope, before the string.
 *
 * Intrusive separate chaining: an entry embeds a struct idmap_node (its
 * chain link, one pointer) and the table is an array of chain heads,
 * doubled when it holds as many entries as heads.  The key stays where
 * the entry has it: the table knows its offset from the node and its
 * size (IDMAP_INIT), as Linux's rhashtable does.
 *
 * Why (measured on lookups of sequential handles, each followed by a read
 * of the entry, as om_find does per instance of every update; gcc -O2,
 * this machine, best of 5): open addressing from a key to a void *
 * (16-byte slots, linear probing, load at most 1/2), open addressing of
 * pointers to the entries, and chaining took 0.85 / 0.58 / 0.54 ns with
 * 1000 entries, 2.2 / 1.8 / 1.5 ns with 65536, 14.3 / 11.0 / 8.9 ns with
 * 1,000,000 (random order 19.6 / 14.3 / 12.4 ns).  Chaining reads one
 * 8-byte head and then the entry, which the caller reads anyway; the
 * slots of open addressing are 2 to 4 times the memory per entry, and at
 * a million entries those cache misses show.  A key copied into the node
 * cost nothing measurable but 8 bytes per entry, which took rtiexec's
 * memory per instance (9 attributes) from 229 to 245 bytes; read at its
 * offset it costs what the hand-written chains did (IDMAP_GET, with the
 * offset a constant: 0.60 against 0.61 ns at 1000 entries, 12.0 against
 * 12.7 ns at 1,000,000).  Chaining also deletes without tombstones or
 * shifts (nothing else moves) and never fails to insert (a failed growth
 * leaves longer chains; it is tried again later).
 *
 * The FOM's ten name tables (fom/fom_model.c) were open addressing of
 * 24-byte slots (name pointer, scope, 32-bit hash, value) at load at most
 * 1/2, 48 to 96 bytes a name.  Chained, an entry of those fields with the
 * hash widened and a link is 32 bytes, 40 to 48 with the heads.  Loading
 * two generated modules of 20,000 classes and 64,000 attributes and
 * parameters each (rtiexec --check-fom, medians of 5 runs alternating
 * with the old table) took 244 against 212 ms while growth rehashed each
 * name (a cold read of every string) and lookups read the string of every
 * entry in their chain; with the hash kept in the entry and compared
 * first, and one hash for a lookup and its insertion (idmap_put_new),
 * 209 against 208 ms, 88.6 against 90.4 MB at the peak.
 *
 * Integer keys are spread by a multiplicative hash that is a bijection on
 * any 2^k consecutive keys below 2^32 (sequential handles never collide)
 * with the high word mixed in first.  Integer keys are handles rtiexec
 * hands out, or region handles a federate chooses only within its own
 * 65535 (same bijection): none can be made to collide.  Names are chosen
 * by federates (reserved instance names) and by FOM modules, hence the
 * keyed hash.
 *
 * Not thread-safe; no globals.  An idmap is not copied once initialised
 * (entries are linked to it); an entry's key does not change while the
 * entry is in the table.
 */
#ifndef RTI_IDMAP_H
#define RTI_IDMAP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Link of an entry: embed it, find the entry with IDMAP_ENTRY. */
struct idmap_node {
	struct idmap_node *next;
};

struct idmap {
	struct idmap_node **head; /* mask + 1 chains */
	size_t mask;
	size_t n;                 /* entries */
	size_t grow_at;           /* double the heads when n reaches it */
	uint32_t gen;             /* heads reallocated (iterators restart) */
	ptrdiff_t key_off;        /* of the key from the node */
	size_t key_size;          /* 4, 8, or 0: a string (char *) */
	ptrdiff_t scope_off;      /* of a string's uint32_t scope, 0: none */
	ptrdiff_t hash_off;       /* of a scoped string's uint64_t hash */
	uint64_t sk[2];           /* SipHash key (strings) */
};

/* The entry of type `type` whose member `member` is node `n` (not NULL). */
#define IDMAP_ENTRY(n, type, member)                                   \
	((type *)(void *)((char *)(n) - offsetof(type, member)))
/* Offset of member `key` of `type` from its member `node`. */
#define IDMAP_OFF(type, node, key)                                     \
	((ptrdiff_t)offsetof(type, key) - (ptrdiff_t)offsetof(type, node))

/*
 * A table of entries of type `type` linked by member `node`, found by
 * member `key`: IDMAP_INIT for a uint32_t or uint64_t key, IDMAP_INIT_STR
 * for a `char *` or `const char *` one, IDMAP_INIT_SCOPED for such a
 * string with the uint32_t member `scope` (two entries of one name and
 * different scopes are two keys) and the uint64_t member `hash`, which
 * the table sets (idmap_put) and reads.  0, or -1 on ENOMEM (idmap_fini
 * is still safe).
 */
#define IDMAP_INIT(m, type, node, key)                                 \
	idmap_init((m), IDMAP_OFF(type, node, key),                    \
	    sizeof(((type *)0)->key))
#define IDMAP_INIT_STR(m, type, node, key)                             \
	idmap_init((m), IDMAP_OFF(type, node, key), 0)
#define IDMAP_INIT_SCOPED(m, type, node, key, scope, hash)             \
	idmap_init_scoped((m), IDMAP_OFF(type, node, key),             \
	    IDMAP_OFF(type, node, scope), IDMAP_OFF(type, node, hash))
int idmap_init(struct idmap *m, ptrdiff_t key_off, size_t key_size);
int idmap_init_scoped(struct idmap *m, ptrdiff_t key_off,
    ptrdiff_t scope_off, ptrdiff_t hash_off);
/* Give string table `m`, still empty, the hash key `sk` instead of its
 * random one: tables that hash names alike (a FOM's tables, and those of
 * its copies).  The key stays secret to whoever chooses the names. */
void idmap_set_key(struct idmap *m, const uint64_t sk[2]);
/* IDMAP_INIT_STR with the hash key `sk` from the start, no random key
 * drawn: the short-lived tables a FOM's loader makes for a definition or
 * a class, keyed as the FOM's own tables are. */
#define IDMAP_INIT_STR_KEYED(m, type, node, key, sk)                   \
	idmap_init_keyed((m), IDMAP_OFF(type, node, key), (sk))
int idmap_init_keyed(struct idmap *m, ptrdiff_t key_off,
    const uint64_t sk[2]);
/* Free the table, not the entries (free them first: see iteration). */
void idmap_fini(struct idmap *m);

static inline size_t
idmap_count(const struct idmap *m)
{
	return m->n;
}

/* The chain of integer key (or string hash) `key` among mask + 1. */
static inline size_t
idmap_slot(uint64_t key, size_t mask)
{
	uint32_t x = (uint32_t)key + (uint32_t)(key >> 32) * 0x85ebca6bu;

	return (size_t)(x * 2654435761u) & mask;
}

/* The integer key of size `size` at `off` from node `n`. */
static inline uint64_t
idmap_key_at(const struct idmap_node *n, ptrdiff_t off, size_t size)
{
	const char *p = (const char *)n + off;
	uint32_t k32;
	uint64_t k64;

	if (size == 4) {
		memcpy(&k32, p, 4);
		return k32;
	}
	memcpy(&k64, p, 8);
	return k64;
}

/*
 * The entry of integer key `key`, or NULL.  idmap_get_at takes the key's
 * offset and size (those given to idmap_init) from the caller, so that
 * with constants it compiles to the plain chain walk a hand-written table
 * has; IDMAP_GET gives them from the entry's type, as IDMAP_INIT did.
 */
static inline struct idmap_node *
idmap_get_at(const struct idmap *m, uint64_t key, ptrdiff_t off,
    size_t size)
{
	struct idmap_node *n;

	if (m->n == 0)
		return NULL;
	for (n = m->head[idmap_slot(key, m->mask)]; n; n = n->next)
		if (idmap_key_at(n, off, size) == key)
			return n;
	return NULL;
}
#define IDMAP_GET(m, k, type, node, key)                               \
	idmap_get_at((m), (k), IDMAP_OFF(type, node, key),             \
	    sizeof(((type *)0)->key))

/* The entry named `s` in a table of string keys, or NULL. */
struct idmap_node *idmap_get_str(const struct idmap *m, const char *s);
/* The entry named `s` in scope `scope` of a scoped table, or NULL. */
struct idmap_node *idmap_get_scoped(const struct idmap *m, uint32_t scope,
    const char *s);
/* The keyed hash of `s` in table `m` (its chain: idmap_slot), in scope 0
 * of a scoped table. */
uint64_t idmap_hash_str(const struct idmap *m, const char *s);

/* Add entry `n`, its key set, which the table does not hold yet. */
void idmap_put(struct idmap *m, struct idmap_node *n);
/* Add entry `n`, its key set, unless the table holds that key: then the
 * entry holding it, and `n` is not added; else NULL.  One hash for the
 * lookup and the insertion. */
struct idmap_node *idmap_put_new(struct idmap *m, struct idmap_node *n);
/* Make room for `n` entries in all, so that insertions up to them do not
 * reallocate (nor rehash) the chains; 0, or -1 on ENOMEM (table
 * unchanged; idmap_put still works). */
int idmap_reserve(struct idmap *m, size_t n);
/* Remove entry `n` (nothing when it is not in the table).  No other
 * entry moves. */
void idmap_del(struct idmap *m, struct idmap_node *n);
/* Remove every entry at once, keeping the chains (their number, and a
 * string table's hash key): a table emptied to be filled again to about
 * its size.  The entries are not read (they may be freed before); an
 * iterator restarts. */
void idmap_clear(struct idmap *m);

/*
 * Iteration, in chain order: set `it` with idmap_iter_init, then call
 * idmap_iter_next until it returns NULL.  The entry last returned may be
 * removed (or freed) at once; between chains (idmap_iter_between) the
 * iterator holds no entry, and any may be removed: such a walk may be
 * spread over time.  Removing never moves an entry, so every entry
 * present throughout is returned once.  An insertion that doubles the
 * chains (idmap_count reaching their number; gen changes) restarts the
 * walk from the first chain at the next call: entries may then come
 * twice, none is missed.
 */
struct idmap_iter {
	size_t bucket;            /* next chain to enter */
	size_t entered;           /* chains entered: the walk's cost */
	struct idmap_node *next;  /* next entry of the chain entered */
	uint32_t gen;
};

void idmap_iter_init(const struct idmap *m, struct idmap_iter *it);
struct idmap_node *idmap_iter_next(const struct idmap *m,
    struct idmap_iter *it);
/* idmap_iter_next entering at most `chains` more chains (0: only the rest
 * of the one entered); NULL when they held no entry, or at the end. */
struct idmap_node *idmap_iter_next_max(const struct idmap *m,
    struct idmap_iter *it, size_t chains);

static inline int
idmap_iter_between(const struct idmap_iter *it)
{
	return it->next == NULL;
}

/* 1 when idmap_iter_next would return NULL: every chain was walked since
 * the last reallocation of the heads. */
int idmap_iter_done(const struct idmap *m, const struct idmap_iter *it);

#endif
