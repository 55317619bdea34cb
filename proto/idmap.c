/* SPDX-License-Identifier: Apache-2.0 */
/*
 * idmap.c - the hash table of rti (see idmap.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "idmap.h"
#include "siphash.h"

#define IDMAP_MIN 64              /* chains of a new table */

/*
 * The hash of string `s` under the table's key `k`, `scope` XORed into
 * the key's first word (0: a string without scope): SipHash-1-3.  With a
 * fixed hash, names chosen to share a chain make every lookup walk all of
 * them (a FOM module whose 65000 attribute names shared one bucket took
 * 2.8 s instead of 0.05 s, quadratic in the names); the key is random per
 * table (per FOM) and nothing observable depends on it.
 */
static uint64_t
str_hash(const uint64_t k[2], uint32_t scope, const char *s)
{
	uint64_t key[2] = { k[0] ^ scope, k[1] };

	return siphash13(key, s, strlen(s));
}

/* A table of no entries and IDMAP_MIN chains; 0, or -1 on ENOMEM. */
static int
init_empty(struct idmap *m, ptrdiff_t key_off, size_t key_size)
{
	memset(m, 0, sizeof *m);
	m->key_off = key_off;
	m->key_size = key_size;
	m->head = calloc(IDMAP_MIN, sizeof *m->head);
	if (!m->head)
		return -1;
	m->mask = IDMAP_MIN - 1;
	m->grow_at = IDMAP_MIN;
	return 0;
}

int
idmap_init(struct idmap *m, ptrdiff_t key_off, size_t key_size)
{
	struct timespec ts;
	int r = init_empty(m, key_off, key_size);

	if (key_size == 0 && getrandom(m->sk, sizeof m->sk, GRND_NONBLOCK) !=
	    (ssize_t)sizeof m->sk) {
		/* no entropy yet (early boot): still unknown to a peer */
		clock_gettime(CLOCK_MONOTONIC, &ts);
		m->sk[0] = (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15ull ^
		    (uint64_t)(uintptr_t)m;
		m->sk[1] = (uint64_t)ts.tv_sec ^ (uint64_t)(uintptr_t)&ts;
	}
	return r;
}

int
idmap_init_keyed(struct idmap *m, ptrdiff_t key_off, const uint64_t sk[2])
{
	int r = init_empty(m, key_off, 0);

	idmap_set_key(m, sk);
	return r;
}

int
idmap_init_scoped(struct idmap *m, ptrdiff_t key_off, ptrdiff_t scope_off,
    ptrdiff_t hash_off)
{
	int r = idmap_init(m, key_off, 0);

	m->scope_off = scope_off;
	m->hash_off = hash_off;
	return r;
}

void
idmap_set_key(struct idmap *m, const uint64_t sk[2])
{
	m->sk[0] = sk[0];
	m->sk[1] = sk[1];
}

void
idmap_fini(struct idmap *m)
{
	free(m->head);
	m->head = NULL;
	m->mask = 0;
	m->n = 0;
	m->grow_at = 0;
	m->gen++;
}

/* The name of string entry `n`. */
static const char *
name_of(const struct idmap *m, const struct idmap_node *n)
{
	const char *s;

	memcpy(&s, (const char *)n + m->key_off, sizeof s);
	return s;
}

/* The scope of string entry `n` in a scoped table. */
static uint32_t
scope_of(const struct idmap *m, const struct idmap_node *n)
{
	uint32_t sc;

	memcpy(&sc, (const char *)n + m->scope_off, sizeof sc);
	return sc;
}

/* The hash kept in entry `n` of a scoped table. */
static uint64_t
kept_hash(const struct idmap *m, const struct idmap_node *n)
{
	uint64_t h;

	memcpy(&h, (const char *)n + m->hash_off, sizeof h);
	return h;
}

/* The hash of the key of entry `n`, computed (and kept, in a scoped
 * table): its chain is idmap_slot of it. */
static uint64_t
new_hash(const struct idmap *m, struct idmap_node *n)
{
	uint64_t h;

	if (m->key_size != 0)
		return idmap_key_at(n, m->key_off, m->key_size);
	if (!m->scope_off)
		return str_hash(m->sk, 0, name_of(m, n));
	h = str_hash(m->sk, scope_of(m, n), name_of(m, n));
	memcpy((char *)n + m->hash_off, &h, sizeof h);
	return h;
}

/* The hash of the key of entry `n`, which is in the table. */
static uint64_t
hash_of(const struct idmap *m, const struct idmap_node *n)
{
	if (m->key_size == 0)
		return m->scope_off ? kept_hash(m, n) :
		    str_hash(m->sk, 0, name_of(m, n));
	return idmap_key_at(n, m->key_off, m->key_size);
}

/* Entry `x` of the table has the key of entry `n`, whose hash is `h`. */
static int
same_key(const struct idmap *m, const struct idmap_node *x,
    const struct idmap_node *n, uint64_t h)
{
	if (m->key_size != 0)
		return idmap_key_at(x, m->key_off, m->key_size) == h;
	if (m->scope_off && (kept_hash(m, x) != h ||
	    scope_of(m, x) != scope_of(m, n)))
		return 0;
	return strcmp(name_of(m, x), name_of(m, n)) == 0;
}

/* Move the entries to `size` chains (a power of two): chain by chain,
 * front to back, each in front of its new chain, as in the tables this
 * one replaced (whose walks keep their order).  -1 on ENOMEM (nothing
 * changed). */
static int
rehash(struct idmap *m, size_t size)
{
	struct idmap_node **head = calloc(size, sizeof *head), *n, *next;
	size_t i;

	if (!head)
		return -1;
	for (i = 0; i <= m->mask; i++)
		for (n = m->head[i]; n; n = next) {
			size_t k = idmap_slot(hash_of(m, n), size - 1);

			next = n->next;
			n->next = head[k];
			head[k] = n;
		}
	free(m->head);
	m->head = head;
	m->mask = size - 1;
	m->grow_at = size;
	m->gen++;
	return 0;
}

/* Double the chains.  On ENOMEM they stay, longer, and growth is tried
 * again at twice the count. */
static void
grow(struct idmap *m)
{
	if (rehash(m, (m->mask + 1) * 2) < 0)
		m->grow_at = m->n * 2;
}

int
idmap_reserve(struct idmap *m, size_t n)
{
	size_t size = m->mask + 1;

	while (size < n) {
		if (size > SIZE_MAX / 2)
			return -1;
		size *= 2;
	}
	/* grow_at is at least the heads' count, which n does not pass */
	return size == m->mask + 1 ? 0 : rehash(m, size);
}

void
idmap_put(struct idmap *m, struct idmap_node *n)
{
	size_t k;

	if (m->n >= m->grow_at)
		grow(m);
	k = idmap_slot(new_hash(m, n), m->mask);
	n->next = m->head[k];
	m->head[k] = n;
	m->n++;
}

struct idmap_node *
idmap_put_new(struct idmap *m, struct idmap_node *n)
{
	uint64_t h = new_hash(m, n);
	struct idmap_node *x;
	size_t k;

	for (x = m->head[idmap_slot(h, m->mask)]; x; x = x->next)
		if (same_key(m, x, n, h))
			return x;
	if (m->n >= m->grow_at)
		grow(m);
	k = idmap_slot(h, m->mask);
	n->next = m->head[k];
	m->head[k] = n;
	m->n++;
	return NULL;
}

void
idmap_del(struct idmap *m, struct idmap_node *n)
{
	struct idmap_node **pp;

	if (!m->head)
		return;
	for (pp = &m->head[idmap_slot(hash_of(m, n), m->mask)]; *pp; pp =
	    &(*pp)->next)
		if (*pp == n) {
			*pp = n->next;
			n->next = NULL;
			m->n--;
			return;
		}
}

void
idmap_clear(struct idmap *m)
{
	if (m->head)
		memset(m->head, 0, (m->mask + 1) * sizeof *m->head);
	m->n = 0;
	m->gen++;
}

uint64_t
idmap_hash_str(const struct idmap *m, const char *s)
{
	return str_hash(m->sk, 0, s);
}

struct idmap_node *
idmap_get_str(const struct idmap *m, const char *s)
{
	struct idmap_node *n;

	if (m->n == 0)
		return NULL;
	for (n = m->head[idmap_slot(str_hash(m->sk, 0, s), m->mask)]; n;
	    n = n->next)
		if (strcmp(name_of(m, n), s) == 0)
			return n;
	return NULL;
}

struct idmap_node *
idmap_get_scoped(const struct idmap *m, uint32_t scope, const char *s)
{
	struct idmap_node *n;
	uint64_t h;

	if (m->n == 0)
		return NULL;
	h = str_hash(m->sk, scope, s);
	for (n = m->head[idmap_slot(h, m->mask)]; n; n = n->next)
		if (kept_hash(m, n) == h && scope_of(m, n) == scope &&
		    strcmp(name_of(m, n), s) == 0)
			return n;
	return NULL;
}

void
idmap_iter_init(const struct idmap *m, struct idmap_iter *it)
{
	it->bucket = 0;
	it->entered = 0;
	it->next = NULL;
	it->gen = m->gen;
}

struct idmap_node *
idmap_iter_next_max(const struct idmap *m, struct idmap_iter *it,
    size_t chains)
{
	struct idmap_node *n;

	if (it->gen != m->gen) {
		it->bucket = 0;
		it->next = NULL;
		it->gen = m->gen;
	}
	while (!(n = it->next)) {
		if (!m->head || it->bucket > m->mask || chains-- == 0)
			return NULL;
		it->next = m->head[it->bucket++];
		it->entered++;
	}
	it->next = n->next;
	return n;
}

struct idmap_node *
idmap_iter_next(const struct idmap *m, struct idmap_iter *it)
{
	return idmap_iter_next_max(m, it, SIZE_MAX);
}

int
idmap_iter_done(const struct idmap *m, const struct idmap_iter *it)
{
	return it->gen == m->gen && !it->next &&
	    (!m->head || it->bucket > m->mask);
}
