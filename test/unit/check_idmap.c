/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_idmap.c - the hash table of rti (proto/idmap.c): insertion,
 * removal and growth with integer keys (64 and 32 bits, after or before
 * the link) and string keys, iteration that removes the entry it is at
 * or, between chains, any entry, a walk restarted by growth, random
 * operations against a reference model, sequential and composite keys
 * spread over the chains, and names chosen to collide under an unkeyed
 * hash; string keys with a scope (the FOM's tables): one name in many
 * scopes, insertion that finds the key instead, flooding by names and by
 * scopes, a key given to several tables, and room reserved ahead.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idmap.h"

struct ent {
	struct idmap_node node;
	uint64_t key;
	const char *name;         /* string tables: buf */
	char buf[24];
	int in;                   /* in the table */
	int seen;                 /* times an iteration returned it */
};

static struct ent *
ent_of(struct idmap_node *n)
{
	return n ? IDMAP_ENTRY(n, struct ent, node) : NULL;
}

/* A table of struct ent by key, or by name. */
static void
ints(struct idmap *m)
{
	ck_assert_int_eq(IDMAP_INIT(m, struct ent, node, key), 0);
}

static void
strs(struct idmap *m)
{
	ck_assert_int_eq(IDMAP_INIT_STR(m, struct ent, node, name), 0);
}

static struct ent *
get(const struct idmap *m, uint64_t k)
{
	return ent_of(IDMAP_GET(m, k, struct ent, node, key));
}

static void
put(struct idmap *m, struct ent *e, uint64_t k)
{
	e->key = k;
	idmap_put(m, &e->node);
}

/* Name `e` "<prefix><k>". */
static void
named(struct ent *e, const char *prefix, unsigned long k)
{
	snprintf(e->buf, sizeof e->buf, "%s%lu", prefix, k);
	e->name = e->buf;
}

/* A deterministic generator (xorshift64). */
static uint64_t
rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Longest chain of `m`. */
static size_t
longest_chain(const struct idmap *m)
{
	size_t *len = calloc(m->mask + 1, sizeof *len), best = 0;
	struct idmap_iter it;
	struct idmap_node *n;

	ck_assert_ptr_nonnull(len);
	idmap_iter_init(m, &it);
	while ((n = idmap_iter_next(m, &it))) {
		const struct ent *e = ent_of(n);
		size_t k = idmap_slot(m->key_size ? e->key :
		    idmap_hash_str(m, e->name), m->mask);

		if (++len[k] > best)
			best = len[k];
	}
	free(len);
	return best;
}

/* n entries (and `extra` more after them, not in it), the first n in
 * new integer table `m` under keys (i + 1) * step. */
static struct ent *
filled(struct idmap *m, size_t n, size_t extra, uint64_t step)
{
	struct ent *e = calloc(n + extra + 1, sizeof *e);
	size_t i;

	ck_assert_ptr_nonnull(e);
	ints(m);
	for (i = 0; i < n; i++) {
		put(m, &e[i], (i + 1) * step);
		e[i].in = 1;
	}
	return e;
}

START_TEST(test_int_put_get_del_grow)
{
	enum { N = 10000 };
	struct ent *e = calloc(N + 1, sizeof *e);
	struct idmap m;
	uint32_t gen;
	size_t i;

	ck_assert_ptr_nonnull(e);
	ints(&m);
	ck_assert_ptr_null(get(&m, 0));
	ck_assert_ptr_null(get(&m, 1));
	gen = m.gen;
	for (i = 1; i <= N; i++) {
		put(&m, &e[i], i);
		ck_assert_uint_eq(idmap_count(&m), i);
	}
	/* 64 chains doubled to 16384: eight reallocations */
	ck_assert_uint_eq(m.mask + 1, 16384);
	ck_assert_uint_eq(m.gen - gen, 8);
	for (i = 1; i <= N; i++)
		ck_assert_ptr_eq(get(&m, i), &e[i]);
	ck_assert_ptr_null(get(&m, 0));
	ck_assert_ptr_null(get(&m, N + 1));
	ck_assert_ptr_null(get(&m, (uint64_t)1 << 32 | 1));
	for (i = 1; i <= N; i += 2)
		idmap_del(&m, &e[i].node);
	ck_assert_uint_eq(idmap_count(&m), N / 2);
	for (i = 1; i <= N; i++)
		ck_assert_ptr_eq(get(&m, i), i % 2 ? NULL :
		    &e[i]);
	/* removing what is not there changes nothing */
	idmap_del(&m, &e[1].node);
	ck_assert_uint_eq(idmap_count(&m), N / 2);
	/* a key removed can be added again */
	put(&m, &e[1], 1);
	ck_assert_ptr_eq(get(&m, 1), &e[1]);
	idmap_fini(&m);
	idmap_fini(&m);
	free(e);
}
END_TEST

START_TEST(test_sequential_keys_one_per_chain)
{
	static const uint64_t base[] = { 1, 1000, 65536, 123456789,
	    4294967295u - 5000 };
	size_t mask = 4095, b, i;
	uint8_t *used = malloc(mask + 1);

	ck_assert_ptr_nonnull(used);
	for (b = 0; b < sizeof base / sizeof base[0]; b++) {
		memset(used, 0, mask + 1);
		for (i = 0; i <= mask; i++) {
			size_t k = idmap_slot(base[b] + i, mask);

			ck_assert_msg(!used[k], "keys %llu.. collide",
			    (unsigned long long)base[b]);
			used[k] = 1;
		}
	}
	free(used);
}
END_TEST

START_TEST(test_composite_keys_spread)
{
	/* (federate, kind, class) as librti's replica keys them: the
	 * federate in the high word must spread the keys too */
	struct ent *e = calloc(64 * 64 * 2, sizeof *e);
	struct idmap m;
	uint64_t f, c, k;
	size_t i = 0;

	ck_assert_ptr_nonnull(e);
	ints(&m);
	for (f = 1; f <= 64; f++)
		for (c = 1; c <= 64; c++)
			for (k = 0; k < 2; k++) {
				e[i].key = f << 32 | c << 1 | k;
				put(&m, &e[i], e[i].key);
				i++;
			}
	for (i = 0; i < 64 * 64 * 2; i++)
		ck_assert_ptr_eq(get(&m, e[i].key), &e[i]);
	ck_assert_uint_le(longest_chain(&m), 8);
	idmap_fini(&m);
	free(e);
}
END_TEST

/* A uint32_t key placed before the link. */
struct ent32 {
	uint32_t handle;
	struct idmap_node node;
};

START_TEST(test_u32_key_before_node)
{
	enum { N = 300 };
	struct ent32 e[N];
	struct idmap m;
	uint32_t i;

	ck_assert_int_eq(IDMAP_INIT(&m, struct ent32, node, handle), 0);
	ck_assert_int_lt(m.key_off, 0);
	ck_assert_uint_eq(m.key_size, 4);
	for (i = 0; i < N; i++) {
		e[i].handle = 0xfffff000u + i;
		idmap_put(&m, &e[i].node);
	}
	for (i = 0; i < N; i++)
		ck_assert_ptr_eq(IDMAP_GET(&m, 0xfffff000u + i, struct ent32,
		    node, handle), &e[i].node);
	/* a 64-bit key is never a 32-bit entry's */
	ck_assert_ptr_null(IDMAP_GET(&m, (uint64_t)1 << 32 | 0xfffff000u,
	    struct ent32, node, handle));
	idmap_del(&m, &e[7].node);
	ck_assert_ptr_null(IDMAP_GET(&m, 0xfffff007u, struct ent32, node,
	    handle));
	ck_assert_uint_eq(idmap_count(&m), N - 1);
	idmap_fini(&m);
}
END_TEST

START_TEST(test_iter_removes_current)
{
	enum { N = 5000 };
	struct idmap m;
	struct ent *e = filled(&m, N, 0, 7919);
	struct idmap_iter it;
	struct idmap_node *n;
	size_t i, got = 0;

	idmap_iter_init(&m, &it);
	while ((n = idmap_iter_next(&m, &it))) {
		ent_of(n)->seen++;
		idmap_del(&m, n);
		memset(n, 0xa5, sizeof *n);   /* as if freed */
		got++;
	}
	ck_assert_uint_eq(got, N);
	ck_assert_uint_eq(idmap_count(&m), 0);
	ck_assert(idmap_iter_done(&m, &it));
	for (i = 0; i < N; i++)
		ck_assert_int_eq(e[i].seen, 1);
	idmap_fini(&m);
	free(e);
}
END_TEST

START_TEST(test_iter_removes_others_between_chains)
{
	enum { N = 5000 };
	struct idmap m;
	struct ent *e = filled(&m, N, 0, 1);
	struct idmap_iter it;
	struct idmap_node *n;
	uint64_t s = 88172645463325252ull;
	size_t i;

	/* a walk in slices: between chains, remove a random entry, visited
	 * or not; every other entry comes exactly once */
	idmap_iter_init(&m, &it);
	while ((n = idmap_iter_next(&m, &it))) {
		ck_assert(ent_of(n)->in);
		ent_of(n)->seen++;
		if (idmap_iter_between(&it)) {
			struct ent *x = &e[rnd(&s) % N];

			if (x->in) {
				idmap_del(&m, &x->node);
				x->in = 0;
			}
		}
	}
	ck_assert(idmap_iter_done(&m, &it));
	for (i = 0; i < N; i++)
		ck_assert_int_le(e[i].seen, 1);
	for (i = 0; i < N; i++)
		if (e[i].in)
			ck_assert_int_eq(e[i].seen, 1);
	idmap_fini(&m);
	free(e);
}
END_TEST

START_TEST(test_iter_restarts_after_growth)
{
	enum { N = 1000, MORE = 3000 };
	struct idmap m;
	struct ent *e = filled(&m, N, MORE, 1);
	struct idmap_iter it;
	struct idmap_node *n;
	size_t i, k = 0;

	idmap_iter_init(&m, &it);
	for (i = 0; i < N / 2; i++) {
		ck_assert_ptr_nonnull(n = idmap_iter_next(&m, &it));
		ent_of(n)->seen++;
	}
	/* insertions that double the chains: the walk starts over */
	for (i = N; i < N + MORE; i++)
		put(&m, &e[i], i + 1);
	ck_assert(!idmap_iter_done(&m, &it));
	while ((n = idmap_iter_next(&m, &it))) {
		ent_of(n)->seen++;
		k++;
	}
	ck_assert_uint_eq(k, N + MORE);
	for (i = 0; i < N; i++)
		ck_assert_int_ge(e[i].seen, 1);
	idmap_fini(&m);
	free(e);
}
END_TEST

START_TEST(test_iter_bounded)
{
	/* two entries, in chains 10 and 40 of 64: a walk entering at most
	 * 8 chains a call finds them in the calls that reach them */
	struct ent e[2];
	struct idmap_iter it;
	struct idmap m;
	uint64_t key[2] = { 0, 0 }, k;
	int calls = 0, found = 0;

	ints(&m);
	for (k = 1; !key[0] || !key[1]; k++) {
		if (idmap_slot(k, m.mask) == 10 && !key[0])
			key[0] = k;
		if (idmap_slot(k, m.mask) == 40 && !key[1])
			key[1] = k;
	}
	memset(e, 0, sizeof e);
	put(&m, &e[0], key[0]);
	put(&m, &e[1], key[1]);
	idmap_iter_init(&m, &it);
	ck_assert_ptr_null(idmap_iter_next_max(&m, &it, 0));
	ck_assert(!idmap_iter_done(&m, &it));
	while (!idmap_iter_done(&m, &it)) {
		size_t before = it.entered;
		struct ent *x = ent_of(idmap_iter_next_max(&m, &it, 8));

		ck_assert_uint_le(it.entered - before, 8);
		if (x) {
			ck_assert_ptr_eq(x, &e[found]);
			found++;
		}
		ck_assert_int_lt(++calls, 20);
	}
	ck_assert_int_eq(found, 2);
	ck_assert_uint_eq(it.entered, 64);
	idmap_fini(&m);
}
END_TEST

START_TEST(test_random_against_reference)
{
	enum { KEYS = 3000, OPS = 200000 };
	struct ent *e = calloc(KEYS, sizeof *e);
	struct idmap m;
	uint64_t s = 0x9e3779b97f4a7c15ull;
	size_t i, op, count = 0;

	ck_assert_ptr_nonnull(e);
	/* small handles, and composite keys differing in the high word */
	for (i = 0; i < KEYS; i++)
		e[i].key = i % 3 ? i : (uint64_t)(i % 97) << 32 | i / 97;
	ints(&m);
	for (op = 0; op < OPS; op++) {
		struct ent *x = &e[rnd(&s) % KEYS];
		struct ent *got = get(&m, x->key);

		ck_assert_ptr_eq(got, x->in ? x : NULL);
		switch (rnd(&s) % 3) {
		case 0:
			if (!x->in) {
				idmap_put(&m, &x->node);
				x->in = 1;
				count++;
			}
			break;
		case 1:
			if (x->in) {
				idmap_del(&m, &x->node);
				x->in = 0;
				count--;
			}
			break;
		default:
			break;
		}
		ck_assert_uint_eq(idmap_count(&m), count);
		if (op % 20000 == 0) {
			struct idmap_iter it;
			struct idmap_node *n;
			size_t walked = 0;

			idmap_iter_init(&m, &it);
			while ((n = idmap_iter_next(&m, &it))) {
				ck_assert(ent_of(n)->in);
				walked++;
			}
			ck_assert_uint_eq(walked, count);
		}
	}
	for (i = 0; i < KEYS; i++)
		ck_assert_ptr_eq(get(&m, e[i].key),
		    e[i].in ? &e[i] : NULL);
	idmap_fini(&m);
	free(e);
}
END_TEST

START_TEST(test_str_put_get_del)
{
	enum { N = 3000 };
	struct ent *e = calloc(N, sizeof *e);
	struct ent empty;
	struct idmap m;
	size_t i;

	ck_assert_ptr_nonnull(e);
	strs(&m);
	ck_assert_ptr_null(idmap_get_str(&m, "n1"));
	for (i = 0; i < N; i++) {
		named(&e[i], "n", i);
		idmap_put(&m, &e[i].node);
	}
	memset(&empty, 0, sizeof empty);
	named(&empty, "", 0);
	empty.buf[0] = '\0';
	idmap_put(&m, &empty.node);
	ck_assert_uint_eq(idmap_count(&m), N + 1);
	for (i = 0; i < N; i++)
		ck_assert_ptr_eq(ent_of(idmap_get_str(&m, e[i].name)), &e[i]);
	ck_assert_ptr_eq(ent_of(idmap_get_str(&m, "")), &empty);
	ck_assert_ptr_null(idmap_get_str(&m, "n"));
	ck_assert_ptr_null(idmap_get_str(&m, "n30000"));
	ck_assert_ptr_null(idmap_get_str(&m, "N1"));
	for (i = 0; i < N; i += 3)
		idmap_del(&m, &e[i].node);
	for (i = 0; i < N; i++)
		ck_assert_ptr_eq(ent_of(idmap_get_str(&m, e[i].name)),
		    i % 3 ? &e[i] : NULL);
	idmap_fini(&m);
	free(e);
}
END_TEST

START_TEST(test_str_same_chain)
{
	/* distinct names in one chain: found apart, removed apart */
	struct ent e[6];
	struct idmap m;
	size_t n = 0, i;
	unsigned k;

	strs(&m);
	for (k = 0; n < 6; k++) {
		char s[24];

		snprintf(s, sizeof s, "x%u", k);
		if (idmap_slot(idmap_hash_str(&m, s), m.mask) != 5)
			continue;
		memset(&e[n], 0, sizeof e[n]);
		named(&e[n], "x", k);
		idmap_put(&m, &e[n].node);
		n++;
	}
	ck_assert_uint_eq(m.mask, 63);
	ck_assert_uint_eq(longest_chain(&m), 6);
	for (i = 0; i < 6; i++)
		ck_assert_ptr_eq(ent_of(idmap_get_str(&m, e[i].name)), &e[i]);
	idmap_del(&m, &e[2].node);
	for (i = 0; i < 6; i++)
		ck_assert_ptr_eq(ent_of(idmap_get_str(&m, e[i].name)),
		    i == 2 ? NULL : &e[i]);
	idmap_fini(&m);
}
END_TEST

/* FNV-1a, the unkeyed hash the name tables of both sides used. */
static uint32_t
fnv1a(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (uint8_t)*s++) * 16777619u;
	return h;
}

START_TEST(test_str_key_per_table)
{
	struct idmap a, b;

	strs(&a);
	strs(&b);
	ck_assert(a.sk[0] != b.sk[0] || a.sk[1] != b.sk[1]);
	ck_assert(idmap_hash_str(&a, "Substation1") !=
	    idmap_hash_str(&b, "Substation1"));
	idmap_fini(&a);
	idmap_fini(&b);
}
END_TEST

/* An entry of a scoped table, as the FOM's. */
struct sent {
	struct idmap_node node;
	const char *name;
	uint64_t hash;
	uint32_t scope;
	char buf[24];
};

static struct sent *
sent_of(struct idmap_node *n)
{
	return n ? IDMAP_ENTRY(n, struct sent, node) : NULL;
}

static void
scoped(struct idmap *m)
{
	ck_assert_int_eq(IDMAP_INIT_SCOPED(m, struct sent, node, name, scope,
	    hash), 0);
}

/* `e` named "<prefix><k>" in scope `scope`. */
static void
snamed(struct sent *e, uint32_t scope, const char *prefix, unsigned long k)
{
	memset(e, 0, sizeof *e);
	snprintf(e->buf, sizeof e->buf, "%s%lu", prefix, k);
	e->name = e->buf;
	e->scope = scope;
}

static struct sent *
sget(const struct idmap *m, uint32_t scope, const char *name)
{
	return sent_of(idmap_get_scoped(m, scope, name));
}

/* Longest chain of `m`, walked. */
static size_t
longest_walk(const struct idmap *m)
{
	size_t best = 0, i, len;
	struct idmap_node *n;

	for (i = 0; i <= m->mask; i++) {
		len = 0;
		for (n = m->head[i]; n; n = n->next)
			len++;
		if (len > best)
			best = len;
	}
	return best;
}

/* Into new string table `m` of struct sent (in scope 7 when scoped), 1024
 * names that FNV-1a puts in chain 0 of 1024: they spread, and each is
 * found; `m` is freed. */
static void
flood(struct idmap *m)
{
	enum { N = 1024 };
	struct sent *e = calloc(N, sizeof *e);
	unsigned k = 0;
	size_t i;

	ck_assert_ptr_nonnull(e);
	for (i = 0; i < N; i++) {
		snamed(&e[i], 7, "", 0);
		do
			snprintf(e[i].buf, sizeof e[i].buf, "HLAobject%u",
			    k++);
		while ((fnv1a(e[i].name) & 1023) != 0);
		idmap_put(m, &e[i].node);
	}
	ck_assert_uint_eq(m->mask + 1, 1024);
	ck_assert_uint_le(longest_walk(m), 12);
	for (i = 0; i < N; i++)
		ck_assert_ptr_eq(m->scope_off ? sget(m, 7, e[i].name) :
		    sent_of(idmap_get_str(m, e[i].name)), &e[i]);
	idmap_fini(m);
	free(e);
}

START_TEST(test_scoped_put_get_del)
{
	/* 40 names in each of 100 scopes, scope 0 among them: each is its
	 * own key, found only in its scope */
	enum { NS = 100, NN = 40, N = NS * NN };
	struct sent *e = calloc(N, sizeof *e);
	struct idmap m;
	size_t i;

	ck_assert_ptr_nonnull(e);
	scoped(&m);
	ck_assert_ptr_null(sget(&m, 0, "a0"));
	for (i = 0; i < N; i++) {
		snamed(&e[i], (uint32_t)(i / NN), "a", i % NN);
		idmap_put(&m, &e[i].node);
	}
	ck_assert_uint_eq(idmap_count(&m), N);
	for (i = 0; i < N; i++)
		ck_assert_ptr_eq(sget(&m, e[i].scope, e[i].name), &e[i]);
	ck_assert_ptr_null(sget(&m, NS, "a0"));
	ck_assert_ptr_null(sget(&m, UINT32_MAX, "a0"));
	ck_assert_ptr_null(sget(&m, 3, "a40"));
	ck_assert_ptr_null(sget(&m, 3, "a"));
	/* scope 0 is the scope of idmap_hash_str */
	ck_assert_uint_eq(idmap_hash_str(&m, "a7"), e[7].hash);
	for (i = 0; i < N; i += 3)
		idmap_del(&m, &e[i].node);
	for (i = 0; i < N; i++)
		ck_assert_ptr_eq(sget(&m, e[i].scope, e[i].name),
		    i % 3 ? &e[i] : NULL);
	idmap_fini(&m);
	free(e);
}
END_TEST

START_TEST(test_scoped_same_chain)
{
	/* one name in six scopes, and six names in one scope, in one chain
	 * each time: found apart, removed apart */
	struct sent e[12], probe;
	struct idmap m;
	size_t n = 0, i;
	unsigned k;

	scoped(&m);
	for (k = 1; n < 12; k++) {
		if (n < 6)
			snamed(&probe, k, "Voltage", 0);
		else
			snamed(&probe, 9, "v", k);
		idmap_put(&m, &probe.node);
		idmap_del(&m, &probe.node);
		if (idmap_slot(probe.hash, m.mask) != 5)
			continue;
		e[n] = probe;
		e[n].name = e[n].buf;
		idmap_put(&m, &e[n++].node);
	}
	ck_assert_uint_eq(m.mask, 63);
	ck_assert_uint_eq(longest_walk(&m), 12);
	for (i = 0; i < 12; i++)
		ck_assert_ptr_eq(sget(&m, e[i].scope, e[i].name), &e[i]);
	idmap_del(&m, &e[2].node);
	idmap_del(&m, &e[8].node);
	for (i = 0; i < 12; i++)
		ck_assert_ptr_eq(sget(&m, e[i].scope, e[i].name),
		    i == 2 || i == 8 ? NULL : &e[i]);
	idmap_fini(&m);
}
END_TEST

START_TEST(test_put_new)
{
	/* a key already held: its entry, and nothing added; else added */
	struct sent a, b, c;
	struct ent x[2];
	struct idmap m;

	scoped(&m);
	snamed(&a, 4, "Breaker", 0);
	snamed(&b, 4, "Breaker", 0);
	snamed(&c, 5, "Breaker", 0);
	ck_assert_ptr_null(idmap_put_new(&m, &a.node));
	ck_assert_ptr_eq(sent_of(idmap_put_new(&m, &b.node)), &a);
	ck_assert_uint_eq(idmap_count(&m), 1);
	ck_assert_ptr_null(idmap_put_new(&m, &c.node));
	ck_assert_uint_eq(idmap_count(&m), 2);
	ck_assert_ptr_eq(sget(&m, 4, "Breaker0"), &a);
	ck_assert_ptr_eq(sget(&m, 5, "Breaker0"), &c);
	idmap_fini(&m);

	ints(&m);
	memset(x, 0, sizeof x);
	x[0].key = x[1].key = 77;
	ck_assert_ptr_null(idmap_put_new(&m, &x[0].node));
	ck_assert_ptr_eq(ent_of(idmap_put_new(&m, &x[1].node)), &x[0]);
	ck_assert_uint_eq(idmap_count(&m), 1);
	idmap_fini(&m);

	strs(&m);
	memset(x, 0, sizeof x);
	named(&x[0], "Bus", 1);
	named(&x[1], "Bus", 1);
	ck_assert_ptr_null(idmap_put_new(&m, &x[0].node));
	ck_assert_ptr_eq(ent_of(idmap_put_new(&m, &x[1].node)), &x[0]);
	ck_assert_uint_eq(idmap_count(&m), 1);
	idmap_fini(&m);
}
END_TEST

START_TEST(test_str_flooding)
{
	/* 1024 names that an unkeyed table of up to 1024 chains put in one
	 * chain: in a keyed table they spread */
	struct idmap m;

	ck_assert_int_eq(IDMAP_INIT_STR(&m, struct sent, node, name), 0);
	flood(&m);
}
END_TEST

START_TEST(test_scoped_flooding)
{
	/* the names of test_str_flooding in one scope; and one name in 1024
	 * scopes, which a hash of the name alone (the scope only compared)
	 * puts in one chain: with the scope in the key they spread */
	enum { N = 1024 };
	struct sent *e = calloc(N, sizeof *e);
	struct idmap m;
	size_t i;

	ck_assert_ptr_nonnull(e);
	scoped(&m);
	flood(&m);
	scoped(&m);
	for (i = 0; i < N; i++) {
		snamed(&e[i], (uint32_t)i + 1, "Voltage", 0);
		idmap_put(&m, &e[i].node);
	}
	ck_assert_uint_eq(m.mask + 1, 1024);
	ck_assert_uint_le(longest_walk(&m), 12);
	for (i = 0; i < N; i++)
		ck_assert_ptr_eq(sget(&m, (uint32_t)i + 1, "Voltage0"), &e[i]);
	idmap_fini(&m);
	free(e);
}
END_TEST

START_TEST(test_set_key)
{
	/* tables given one key hash alike, scoped or not; their own keys
	 * differ */
	struct idmap a, b, c;
	struct sent e;

	strs(&a);
	strs(&b);
	scoped(&c);
	ck_assert(idmap_hash_str(&a, "Feeder") != idmap_hash_str(&b,
	    "Feeder"));
	idmap_set_key(&b, a.sk);
	idmap_set_key(&c, a.sk);
	ck_assert_uint_eq(idmap_hash_str(&a, "Feeder"),
	    idmap_hash_str(&b, "Feeder"));
	ck_assert_uint_eq(idmap_hash_str(&a, "Feeder"),
	    idmap_hash_str(&c, "Feeder"));
	snamed(&e, 0, "Feeder", 3);
	idmap_put(&c, &e.node);
	ck_assert_uint_eq(e.hash, idmap_hash_str(&a, "Feeder3"));
	ck_assert_ptr_eq(sget(&c, 0, "Feeder3"), &e);
	idmap_fini(&a);
	idmap_fini(&b);
	idmap_fini(&c);
}
END_TEST

START_TEST(test_reserve)
{
	/* room for 5000 in all: the chains are not reallocated while they
	 * come; a room that cannot be counted is refused, the table kept */
	enum { N = 5000 };
	struct sent *e = calloc(N + 1, sizeof *e);
	struct idmap m;
	uint32_t gen;
	size_t i;

	ck_assert_ptr_nonnull(e);
	scoped(&m);
	for (i = 0; i < 10; i++) {
		snamed(&e[i], 1, "r", i);
		idmap_put(&m, &e[i].node);
	}
	ck_assert_int_eq(idmap_reserve(&m, N), 0);
	ck_assert_uint_ge(m.mask + 1, N);
	ck_assert_uint_lt(m.mask + 1, 2 * N);
	gen = m.gen;
	ck_assert_int_eq(idmap_reserve(&m, 100), 0);
	ck_assert_uint_eq(m.gen, gen);
	for (i = 10; i < N; i++) {
		snamed(&e[i], 1, "r", i);
		idmap_put(&m, &e[i].node);
	}
	ck_assert_uint_eq(m.gen, gen);
	for (i = 0; i < N; i++)
		ck_assert_ptr_eq(sget(&m, 1, e[i].name), &e[i]);
	ck_assert_int_eq(idmap_reserve(&m, SIZE_MAX), -1);
	ck_assert_uint_eq(m.gen, gen);
	idmap_fini(&m);
	free(e);
}
END_TEST

START_TEST(test_clear)
{
	/* emptied whole, its entries scribbled over first (freed): none is
	 * found nor iterated, the chains and a string table's hash key stay,
	 * and it fills again to that size without growing */
	enum { N = 3000 };
	struct ent *e = calloc(N, sizeof *e), *f = calloc(N, sizeof *f);
	struct idmap m, s;
	struct idmap_iter it;
	uint64_t h;
	size_t i, chains;
	uint32_t gen;

	ck_assert_ptr_nonnull(e);
	ck_assert_ptr_nonnull(f);
	ints(&m);
	strs(&s);
	for (i = 0; i < N; i++) {
		put(&m, &e[i], i + 1);
		named(&f[i], "x", i);
		idmap_put(&s, &f[i].node);
	}
	chains = m.mask + 1;
	h = idmap_hash_str(&s, "x7");
	idmap_iter_init(&m, &it);
	ck_assert_ptr_nonnull(idmap_iter_next(&m, &it));
	memset(e, 0xa5, N * sizeof *e);
	memset(f, 0xa5, N * sizeof *f);
	idmap_clear(&m);
	idmap_clear(&s);
	ck_assert_uint_eq(idmap_count(&m), 0);
	ck_assert_uint_eq(idmap_count(&s), 0);
	ck_assert_ptr_null(idmap_iter_next(&m, &it));
	ck_assert_uint_eq(m.mask + 1, chains);
	ck_assert_uint_eq(idmap_hash_str(&s, "x7"), h);
	gen = m.gen;
	for (i = 0; i < N; i++) {
		ck_assert_ptr_null(get(&m, i + 1));
		put(&m, &e[i], i + 1);
		named(&f[i], "x", i);
		ck_assert_ptr_null(idmap_get_str(&s, f[i].name));
		idmap_put(&s, &f[i].node);
	}
	ck_assert_uint_eq(m.gen, gen);
	for (i = 0; i < N; i++) {
		ck_assert_ptr_eq(get(&m, i + 1), &e[i]);
		ck_assert_ptr_eq(idmap_get_str(&s, f[i].name), &f[i].node);
	}
	ck_assert_uint_eq(idmap_count(&m), N);
	idmap_fini(&m);
	idmap_fini(&s);
	free(e);
	free(f);
}
END_TEST

static Suite *
idmap_suite(void)
{
	Suite *s = suite_create("idmap");
	TCase *tc = tcase_create("core");

	/* a bound on a wait, not a verdict: the random test is a few
	 * seconds under valgrind or on a loaded machine */
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_int_put_get_del_grow);
	tcase_add_test(tc, test_sequential_keys_one_per_chain);
	tcase_add_test(tc, test_composite_keys_spread);
	tcase_add_test(tc, test_u32_key_before_node);
	tcase_add_test(tc, test_iter_removes_current);
	tcase_add_test(tc, test_iter_removes_others_between_chains);
	tcase_add_test(tc, test_iter_restarts_after_growth);
	tcase_add_test(tc, test_iter_bounded);
	tcase_add_test(tc, test_random_against_reference);
	tcase_add_test(tc, test_str_put_get_del);
	tcase_add_test(tc, test_str_same_chain);
	tcase_add_test(tc, test_str_flooding);
	tcase_add_test(tc, test_str_key_per_table);
	tcase_add_test(tc, test_scoped_put_get_del);
	tcase_add_test(tc, test_scoped_same_chain);
	tcase_add_test(tc, test_put_new);
	tcase_add_test(tc, test_scoped_flooding);
	tcase_add_test(tc, test_set_key);
	tcase_add_test(tc, test_reserve);
	tcase_add_test(tc, test_clear);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(idmap_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
