/*
 * idmap.h - the hash table of rti (shared by rtiexec and librti via
 * libproto.la; never installed): every table of either side that finds an
 * entry by a handle or by a name.  Integer keys are 64 bits (handles, or
 * a composite such as (federate, kind, class)); string keys are hashed
 * with SipHash-1-3 under a random key per table.
 *
 * Intrusive separate chaining: an entry embeds a struct idmap_node (its
 * chain link and key) and the table is an array of chain heads, doubled
 * when it holds as many entries as heads.  Measured against open
 * addressing from a key to a void * (16-byte slots, linear probing, load
 * at most 1/2) and against open addressing of pointers to the entries,
 * on lookups of sequential handles followed by a read of the entry, as
 * om_find does per instance of every update (gcc -O2, this machine, best
 * of 5): 1000 entries 0.54 / 0.85 / 0.58 ns, 65536 entries 1.5 / 2.2 /
 * 1.8 ns, 1,000,000 entries 8.9 / 14.3 / 11.0 ns (random order 12.4 /
 * 19.6 / 14.3 ns).  Chaining reads one 8-byte head and then the entry,
 * which the caller reads anyway; the slots of open addressing are 2 to 4
 * times the memory per entry, and at a million entries those extra cache
 * misses are what shows.  Chaining also keeps rtiexec's memory per
 * instance where it was, deletes without tombstones or shifts (nothing
 * else moves), and never fails to insert (a failed growth leaves longer
 * chains; it is tried again later).
 *
 * Integer keys are spread by a multiplicative hash that is a bijection on
 * any 2^k consecutive keys below 2^32 (sequential handles never collide)
 * with the high word mixed in first.  Integer keys are handles rtiexec
 * hands out, or region handles a federate chooses only within its own
 * 65535 (same bijection): none can be made to collide.  Names are chosen
 * by federates (reserved instance names), hence the keyed hash.
 *
 * Not thread-safe; no globals.  An idmap is not copied once initialised
 * (entries are linked to it).
 */
#ifndef RTI_IDMAP_H
#define RTI_IDMAP_H

#include <stddef.h>
#include <stdint.h>

/* Link of an entry: embed it, find the entry with IDMAP_ENTRY. */
struct idmap_node {
	struct idmap_node *next;
	uint64_t key;             /* the integer key, or the name's hash */
};

struct idmap {
	struct idmap_node **head; /* mask + 1 chains */
	size_t mask;
	size_t n;                 /* entries */
	size_t grow_at;           /* double the heads when n reaches it */
	uint32_t gen;             /* heads reallocated (iterators restart) */
	/* string keys: the name of an entry (NULL: integer keys) */
	const char *(*name)(const struct idmap_node *);
	uint64_t sk[2];           /* SipHash key */
};

/* The entry of type `type` whose member `member` is node `n` (not NULL). */
#define IDMAP_ENTRY(n, type, member)                                   \
	((type *)(void *)((char *)(n) - offsetof(type, member)))

/*
 * idmap_init: a table with integer keys.  idmap_init_str: with string
 * keys, `name` giving the key of an entry (a string that does not change
 * while the entry is in the table), hashed under a random key.  0, or -1
 * on ENOMEM (idmap_fini is still safe).
 */
int idmap_init(struct idmap *m);
int idmap_init_str(struct idmap *m,
    const char *(*name)(const struct idmap_node *));
/* Free the table, not the entries (free them first: see iteration). */
void idmap_fini(struct idmap *m);

static inline size_t
idmap_count(const struct idmap *m)
{
	return m->n;
}

/* The chain of `key` in a table of mask + 1 chains. */
static inline size_t
idmap_slot(uint64_t key, size_t mask)
{
	uint32_t x = (uint32_t)key + (uint32_t)(key >> 32) * 0x85ebca6bu;

	return (size_t)(x * 2654435761u) & mask;
}

/* The entry of integer key `key`, or NULL. */
static inline struct idmap_node *
idmap_get(const struct idmap *m, uint64_t key)
{
	struct idmap_node *n;

	if (m->n == 0)
		return NULL;
	for (n = m->head[idmap_slot(key, m->mask)]; n; n = n->next)
		if (n->key == key)
			return n;
	return NULL;
}

/* Add entry `n` under integer key `key`, which the table does not hold. */
void idmap_put(struct idmap *m, struct idmap_node *n, uint64_t key);
/* Remove entry `n` (nothing when it is not in the table).  No other
 * entry moves. */
void idmap_del(struct idmap *m, struct idmap_node *n);

/* String keys: the keyed hash of `s` in table `m`; the entry named `s`,
 * or NULL; add entry `n` under its name, which the table does not hold
 * (remove with idmap_del). */
uint64_t idmap_hash_str(const struct idmap *m, const char *s);
struct idmap_node *idmap_get_str(const struct idmap *m, const char *s);
void idmap_put_str(struct idmap *m, struct idmap_node *n);

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
