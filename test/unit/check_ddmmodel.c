/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_ddmmodel.c - the DDM model both sides keep (proto/ddmmodel.c):
 * regions set, replaced and removed, instance records and their
 * associations, deep copies of associations, which regions an update's
 * attributes are sent with (the default region when one has none), region
 * queries that skip missing handles, a walk removing one creator's
 * regions, and an instance table that grows with the instances.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "ddmmodel.h"

#define WORDS 2                   /* attribute handles 0..127 */

static struct match_range *
ranges(uint32_t dim, uint64_t lo, uint64_t hi)
{
	struct match_range *r = calloc(1, sizeof *r);

	ck_assert_ptr_nonnull(r);
	r->dim = dim;
	r->lo = lo;
	r->hi = hi;
	return r;
}

/* Associations: region[i] with the attributes listed in attrs[i] (0
 * ends a list). */
static struct ddm_assoc *
assocs(uint32_t n, const uint32_t *region, const uint32_t attrs[][4])
{
	struct ddm_assoc *as = calloc(n + 1, sizeof *as);
	uint32_t i, j;

	ck_assert_ptr_nonnull(as);
	for (i = 0; i < n; i++) {
		as[i].region = region[i];
		as[i].attrs = calloc(WORDS, sizeof *as[i].attrs);
		ck_assert_ptr_nonnull(as[i].attrs);
		for (j = 0; j < 4 && attrs[i][j]; j++)
			bset_add(as[i].attrs, attrs[i][j]);
	}
	return as;
}

START_TEST(test_regions)
{
	struct ddm_model m;
	struct ddm_region *g;
	struct match_range *r;

	ck_assert_int_eq(ddm_model_init(&m, WORDS), 0);
	ck_assert_ptr_null(ddm_region_find(&m, 0x10001));
	r = ranges(1, 0, 10);
	g = ddm_region_set(&m, 0x10001, r, 1);
	ck_assert_ptr_nonnull(g);
	ck_assert_ptr_eq(ddm_region_find(&m, 0x10001), g);
	ck_assert_uint_eq(g->handle, 0x10001);
	ck_assert_ptr_eq(g->r, r);
	ck_assert_uint_eq(DDM_REGION_OWNER(g->handle), 1);
	/* new ranges replace the old ones (which are freed) */
	r = ranges(1, 5, 6);
	ck_assert_ptr_eq(ddm_region_set(&m, 0x10001, r, 1), g);
	ck_assert_ptr_eq(g->r, r);
	ck_assert_uint_eq(g->r[0].lo, 5);
	ck_assert_ptr_nonnull(ddm_region_set(&m, 0x10002, ranges(2, 0, 1),
	    1));
	ddm_region_del(&m, g);
	ck_assert_ptr_null(ddm_region_find(&m, 0x10001));
	ck_assert_ptr_nonnull(ddm_region_find(&m, 0x10002));
	ddm_model_fini(&m);       /* frees region 0x10002 */
	ddm_model_fini(&m);
}
END_TEST

START_TEST(test_instances)
{
	static const uint32_t reg[2] = { 0x10001, 0x10002 };
	static const uint32_t attrs[2][4] = { { 1, 2 }, { 3 } };
	struct ddm_model m;
	struct ddm_inst *in;
	struct ddm_assoc *as;

	ck_assert_int_eq(ddm_model_init(&m, WORDS), 0);
	ck_assert_ptr_null(ddm_inst_find(&m, 7));
	as = assocs(2, reg, attrs);
	in = ddm_inst_set(&m, 7, "hot", as, 2);
	ck_assert_ptr_nonnull(in);
	ck_assert_ptr_eq(ddm_inst_find(&m, 7), in);
	ck_assert_str_eq(in->cond, "hot");
	ck_assert_ptr_eq(in->assoc, as);
	ck_assert_uint_eq(in->n_assoc, 2);
	ck_assert(ddm_assoc_uses(&m, 0x10002));
	ck_assert(!ddm_assoc_uses(&m, 0x10003));
	/* new associations replace the old (freed), no condition is "" */
	as = assocs(1, reg + 1, attrs + 1);
	ck_assert_ptr_eq(ddm_inst_set(&m, 7, NULL, as, 1), in);
	ck_assert_str_eq(in->cond, "");
	ck_assert_uint_eq(in->n_assoc, 1);
	ck_assert(!ddm_assoc_uses(&m, 0x10001));
	/* clearing keeps the record and its condition */
	ck_assert_ptr_nonnull(ddm_inst_set(&m, 7, "c", in->assoc,
	    in->n_assoc));
	ddm_inst_clear(in);
	ck_assert_uint_eq(in->n_assoc, 0);
	ck_assert_ptr_null(in->assoc);
	ck_assert_ptr_eq(ddm_inst_find(&m, 7), in);
	ck_assert_str_eq(in->cond, "c");
	ck_assert(!ddm_assoc_uses(&m, 0x10002));
	/* its own condition given back is kept (associating regions) */
	ck_assert_ptr_eq(ddm_inst_set(&m, 7, in->cond, NULL, 0), in);
	ck_assert_str_eq(in->cond, "c");
	ddm_inst_del(&m, 7);
	ck_assert_ptr_null(ddm_inst_find(&m, 7));
	ddm_inst_del(&m, 7);
	/* a record left at fini is freed with its associations */
	ck_assert_ptr_nonnull(ddm_inst_set(&m, 8, NULL, assocs(2, reg,
	    attrs), 2));
	ddm_model_fini(&m);
}
END_TEST

START_TEST(test_assoc_copy)
{
	static const uint32_t reg[2] = { 0x10001, 0x10002 };
	static const uint32_t attrs[2][4] = { { 1, 2 }, { 3, 100 } };
	struct ddm_model m;
	struct ddm_inst *in;
	struct ddm_assoc *cp;
	uint32_t n = 99, i;

	ck_assert_int_eq(ddm_model_init(&m, WORDS), 0);
	cp = ddm_assoc_copy(&m, NULL, 1, &n);
	ck_assert_ptr_nonnull(cp);
	ck_assert_uint_eq(n, 0);
	ck_assert_ptr_null(cp[0].attrs);
	ddm_assoc_free(cp, n);
	in = ddm_inst_set(&m, 5, NULL, assocs(2, reg, attrs), 2);
	ck_assert_ptr_nonnull(in);
	cp = ddm_assoc_copy(&m, in, 2, &n);
	ck_assert_ptr_nonnull(cp);
	ck_assert_uint_eq(n, 2);
	for (i = 0; i < 2; i++) {
		ck_assert_uint_eq(cp[i].region, reg[i]);
		ck_assert_ptr_ne(cp[i].attrs, in->assoc[i].attrs);
		ck_assert_mem_eq(cp[i].attrs, in->assoc[i].attrs,
		    WORDS * sizeof *cp[i].attrs);
	}
	/* the extra room is zeroed; the copy is independent */
	ck_assert_uint_eq(cp[2].region, 0);
	ck_assert_ptr_null(cp[3].attrs);
	bset_del(cp[1].attrs, 100);
	ck_assert(bset_has(in->assoc[1].attrs, WORDS, 100));
	ddm_assoc_free(cp, n);
	ddm_assoc_free(NULL, 0);
	ddm_model_fini(&m);
}
END_TEST

START_TEST(test_update_regions)
{
	/* R1 sends attributes 1 and 2, R2 attribute 2; R3 is associated
	 * with attribute 4 but does not exist (deleted): skipped */
	static const uint32_t reg[3] = { 0x10001, 0x10002, 0x10003 };
	static const uint32_t attrs[3][4] = { { 1, 2 }, { 2 }, { 4 } };
	static const uint32_t a1[] = { 1 }, a2[] = { 2 }, a13[] = { 1, 3 };
	static const uint32_t a4[] = { 4 }, a12[] = { 1, 2 };
	struct ddm_region *r1, *r2;
	struct ddm_model m;
	struct ddm_inst *in;

	ck_assert_int_eq(ddm_model_init(&m, WORDS), 0);
	r1 = ddm_region_set(&m, reg[0], ranges(1, 0, 10), 1);
	r2 = ddm_region_set(&m, reg[1], ranges(1, 20, 30), 1);
	ck_assert(r1 && r2);
	ck_assert_int_eq(ddm_update_regions(&m, NULL, a1, 1, 0), 0);
	in = ddm_inst_set(&m, 9, NULL, assocs(3, reg, attrs), 3);
	ck_assert_ptr_nonnull(in);
	ck_assert_int_eq(ddm_update_regions(&m, in, a1, 1, 0), 1);
	ck_assert_ptr_eq(m.q[0].r, r1->r);
	ck_assert_uint_eq(m.q[0].n, 1);
	ck_assert_int_eq(ddm_update_regions(&m, in, a2, 1, 0), 2);
	ck_assert_ptr_eq(m.q[0].r, r1->r);
	ck_assert_ptr_eq(m.q[1].r, r2->r);
	ck_assert_int_eq(ddm_update_regions(&m, in, a12, 2, 0), 2);
	/* attribute 3 has no region: the default region, no query */
	ck_assert_int_eq(ddm_update_regions(&m, in, a13, 2, 0), 0);
	/* attribute 4's only region is gone */
	ck_assert_int_eq(ddm_update_regions(&m, in, a4, 1, 0), 0);
	/* every region of the instance, whatever the attributes */
	ck_assert_int_eq(ddm_update_regions(&m, in, NULL, 0, 1), 2);
	ck_assert(ddm_same_regions(&m, in, 1, 1));
	ck_assert(!ddm_same_regions(&m, in, 1, 2));
	ck_assert(ddm_same_regions(&m, in, 3, 5));
	ck_assert(!ddm_same_regions(&m, in, 3, 4));
	ddm_model_fini(&m);
}
END_TEST

START_TEST(test_regions_query)
{
	static const uint32_t h[4] = { 0x20001, 0x20009, 0x20002, 0x20001 };
	struct ddm_region *a, *b;
	struct ddm_model m;

	ck_assert_int_eq(ddm_model_init(&m, WORDS), 0);
	ck_assert_int_eq(ddm_regions_query(&m, h, 0), 0);
	ck_assert_int_eq(ddm_regions_query(&m, h, 4), 0);
	a = ddm_region_set(&m, 0x20001, ranges(1, 0, 1), 1);
	b = ddm_region_set(&m, 0x20002, ranges(1, 1, 2), 1);
	ck_assert(a && b);
	ck_assert_int_eq(ddm_regions_query(&m, h, 4), 3);
	ck_assert_ptr_eq(m.q[0].r, a->r);
	ck_assert_ptr_eq(m.q[1].r, b->r);
	ck_assert_ptr_eq(m.q[2].r, a->r);
	ddm_model_fini(&m);
}
END_TEST

START_TEST(test_walk_removes_creator)
{
	/* as rtiexec does when a federate leaves: its regions go */
	struct ddm_model m;
	struct idmap_iter it;
	struct ddm_region *g;
	uint32_t f, k, left = 0;

	ck_assert_int_eq(ddm_model_init(&m, WORDS), 0);
	for (f = 1; f <= 3; f++)
		for (k = 1; k <= 200; k++)
			ck_assert_ptr_nonnull(ddm_region_set(&m, f << 16 | k,
			    ranges(1, k, k + 1), 1));
	idmap_iter_init(&m.regions, &it);
	while ((g = ddm_region_next(&m, &it)))
		if (DDM_REGION_OWNER(g->handle) == 2)
			ddm_region_del(&m, g);
	idmap_iter_init(&m.regions, &it);
	while ((g = ddm_region_next(&m, &it))) {
		ck_assert_uint_ne(DDM_REGION_OWNER(g->handle), 2);
		left++;
	}
	ck_assert_uint_eq(left, 400);
	ddm_model_fini(&m);
}
END_TEST

START_TEST(test_many_instances)
{
	/* a record per instance for a large federation: the table grows
	 * with them (a fixed table of 1024 chains held ~100 per chain) */
	enum { N = 100000 };
	struct ddm_model m;
	uint32_t i;

	ck_assert_int_eq(ddm_model_init(&m, WORDS), 0);
	for (i = 1; i <= N; i++)
		ck_assert_ptr_nonnull(ddm_inst_set(&m, i, "c", NULL, 0));
	ck_assert_uint_eq(idmap_count(&m.insts), N);
	ck_assert_uint_ge(m.insts.mask + 1, N);
	for (i = 1; i <= N; i++)
		ck_assert_uint_eq(ddm_inst_find(&m, i)->obj, i);
	ddm_model_fini(&m);
}
END_TEST

static Suite *
ddmmodel_suite(void)
{
	Suite *s = suite_create("ddmmodel");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_regions);
	tcase_add_test(tc, test_instances);
	tcase_add_test(tc, test_assoc_copy);
	tcase_add_test(tc, test_update_regions);
	tcase_add_test(tc, test_regions_query);
	tcase_add_test(tc, test_walk_removes_creator);
	tcase_add_test(tc, test_many_instances);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(ddmmodel_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
