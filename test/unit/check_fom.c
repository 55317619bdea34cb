/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_fom.c - unit tests of the FOM loader (fom/fom.h): the real corpus
 * in ../shared/fom-corpus (FOM_CORPUS_DIR overrides), module merging,
 * lookups, printing, a table of invalid inputs, and the compact form of a
 * module (the same model as its text, malformed forms refused).  The
 * datatypes have their own suite, check_fom_types.c, and hostile modules
 * theirs, check_fom_hostile.c.
 *
 * Kept whole (one Check file per module): every section reads the same
 * corpus through the same helpers (load_corpus, load_str, print_str, the
 * warning lookups) and asserts on the same model, so a split would copy
 * them or grow a shared test header for one loader.  The compact form's
 * section (the last) is the seam to cut along when the file grows.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>


#include "fom.h"
#include "corpus.h"
#include "wire.h"

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif

#define RESTAURANT_PROCESSES "restaurant/RestaurantProcesses.xml"
#define RESTAURANT_FOOD "restaurant/RestaurantFood.xml"
#define RESTAURANT_DRINKS "restaurant/RestaurantDrinks.xml"
#define RESTAURANT_SOUP "restaurant/RestaurantSoup.xml"
#define MIM "mim/HLAstandardMIM.xml"
#define RPR "rpr2/RPR_FOM_v2.0_1516-2010.xml"


/* Load corpus file `rel` into f; fails the test on error. */
static void
load_corpus(struct fom *f, const char *rel)
{
	struct fom_error err;
	char *path = corpus_file(rel);

	ck_assert_msg(fom_load_file(f, path, &err) == 0, "%s:%d: %s",
	    err.file, err.line, err.msg);
	free(path);
}

static void
load_str(struct fom *f, const char *xml)
{
	struct fom_error err;

	ck_assert_msg(fom_load_string(f, xml, strlen(xml), "inline", &err) ==
	    0, "%s:%d: %s", err.file, err.line, err.msg);
}

/* fom_print output (caller frees). */
static char *
print_str(const struct fom *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	fom_print(f, fp);
	fclose(fp);
	return buf;
}

/* --- model basics --- */

START_TEST(test_new_roots)
{
	struct fom *f = fom_new();
	const struct fom_oclass *o;
	const struct fom_iclass *i;
	const struct fom_attribute *a;

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(f->n_oclasses, 1);
	ck_assert_uint_eq(f->n_attrs, 1);
	ck_assert_uint_eq(f->n_iclasses, 1);
	ck_assert_uint_eq(f->n_params, 0);
	ck_assert_uint_eq(f->n_dims, 0);
	ck_assert_uint_eq(f->n_modules, 0);
	ck_assert_uint_eq(fom_oclass_by_name(f, "HLAobjectRoot"), 1);
	ck_assert_uint_eq(fom_iclass_by_name(f, "HLAinteractionRoot"), 1);
	ck_assert_uint_eq(fom_attr_by_name(f, 1, "HLAprivilegeToDeleteObject"),
	    1);
	o = fom_oclass(f, 1);
	ck_assert_str_eq(o->name, "HLAobjectRoot");
	ck_assert_str_eq(o->qname, "HLAobjectRoot");
	ck_assert_uint_eq(o->parent, 0);
	ck_assert_uint_eq(o->depth, 0);
	i = fom_iclass(f, 1);
	ck_assert_str_eq(i->qname, "HLAinteractionRoot");
	a = fom_attr(f, 1);
	ck_assert_uint_eq(a->oclass, 1);
	ck_assert_uint_eq(a->transport, FOM_TRANSPORT_RELIABLE);
	ck_assert_uint_eq(a->order, FOM_ORDER_TIMESTAMP);
	ck_assert_ptr_null(fom_oclass(f, 0));
	ck_assert_ptr_null(fom_oclass(f, 2));
	ck_assert_ptr_null(fom_iclass(f, 2));
	ck_assert_ptr_null(fom_attr(f, 0));
	ck_assert_ptr_null(fom_param(f, 1));
	ck_assert_ptr_null(fom_dim(f, 1));
	ck_assert_uint_eq(fom_oclass_by_name(f, "Nope"), 0);
	ck_assert_uint_eq(fom_oclass_by_name(f, ""), 0);
	ck_assert_uint_eq(fom_oclass_by_name(f, NULL), 0);
	ck_assert_uint_eq(fom_attr_by_name(f, 7, "x"), 0);
	ck_assert_int_eq(fom_oclass_is_a(f, 1, 1), 1);
	ck_assert_int_eq(fom_oclass_is_a(f, 0, 1), 0);
	ck_assert_int_eq(fom_oclass_has_attr(f, 1, 1), 1);
	ck_assert_int_eq(fom_oclass_has_attr(f, 1, 2), 0);
	fom_free(f);
	fom_free(NULL);
}
END_TEST

static const char substation_xml[] =
    "<?xml version=\"1.0\"?>\n"
    "<objectModel xmlns=\"http://standards.ieee.org/IEEE1516-2010\">\n"
    " <modelIdentification><name> Grid </name></modelIdentification>\n"
    " <objects>\n"
    "  <objectClass><name>HLAobjectRoot</name>\n"
    "   <objectClass><name>Equipment</name>\n"
    "    <attribute><name>Id</name><transportation>HLAreliable"
    "</transportation><order>Receive</order></attribute>\n"
    "    <objectClass><name>Breaker</name>\n"
    "     <attribute><name>\n   Closed\n  </name>"
    "<transportation>HLAbestEffort</transportation>"
    "<order>TimeStamp</order></attribute>\n"
    "    </objectClass>\n"
    "   </objectClass>\n"
    "   <objectClass><name>Substation</name>\n"
    "    <attribute><name>Voltage</name><dimensions><dimension>"
    "Substation</dimension></dimensions>\n"
    "     <transportation>HLAreliable</transportation>"
    "<order>Receive</order></attribute>\n"
    "    <objectClass><name>Breaker</name></objectClass>\n"
    "   </objectClass>\n"
    "  </objectClass>\n"
    " </objects>\n"
    " <interactions>\n"
    "  <interactionClass><name>HLAinteractionRoot</name>\n"
    "   <interactionClass><name>Switching</name>\n"
    "    <transportation>HLAbestEffort</transportation>"
    "<order>TimeStamp</order>\n"
    "    <dimensions><dimension>Substation</dimension></dimensions>\n"
    "    <parameter><name>Target</name></parameter>\n"
    "    <interactionClass><name>Open</name>\n"
    "     <parameter><name>Reason</name></parameter>\n"
    "    </interactionClass>\n"
    "   </interactionClass>\n"
    "  </interactionClass>\n"
    " </interactions>\n"
    " <dimensions>\n"
    "  <dimension><name>Substation</name><upperBound> 64 </upperBound>"
    "</dimension>\n"
    " </dimensions>\n"
    "</objectModel>\n";

START_TEST(test_lookup_inline)
{
	struct fom *f = fom_new();
	uint32_t eq, br, sub, sbr, sw, op, a;
	const struct fom_attribute *at;
	const struct fom_iclass *ic;

	load_str(f, substation_xml);
	ck_assert_uint_eq(f->n_modules, 1);
	ck_assert_str_eq(f->module_names[0], "inline");
	ck_assert_str_eq(f->model_names[0], "Grid");
	eq = fom_oclass_by_name(f, "HLAobjectRoot.Equipment");
	br = fom_oclass_by_name(f, "HLAobjectRoot.Equipment.Breaker");
	sub = fom_oclass_by_name(f, "Substation");
	sbr = fom_oclass_by_name(f, "Substation.Breaker");
	ck_assert_uint_eq(eq, 2);
	ck_assert_uint_eq(br, 3);
	ck_assert_uint_eq(sub, 4);
	ck_assert_uint_eq(sbr, 5);
	ck_assert_uint_eq(fom_oclass_by_name(f, "Equipment.Breaker"), br);
	ck_assert_uint_eq(fom_oclass_by_name(f, "Equipment"), eq);
	ck_assert_uint_eq(fom_oclass_by_name(f, "Breaker"), 0);
	ck_assert_uint_eq(fom_oclass_by_name(f, "HLAobjectRoot.Breaker"), 0);
	ck_assert_uint_eq(fom_oclass_by_name(f, "ObjectRoot.Equipment"), eq);
	ck_assert_uint_eq(fom_oclass_by_name(f, "Equipment.Nope"), 0);
	ck_assert_uint_eq(fom_oclass(f, br)->parent, eq);
	ck_assert_uint_eq(fom_oclass(f, br)->depth, 2);
	ck_assert_uint_eq(fom_oclass(f, eq)->n_children, 1);
	ck_assert_uint_eq(fom_oclass(f, 1)->n_children, 2);

	a = fom_attr_by_name(f, br, "Closed");
	ck_assert_uint_eq(a, 3);
	at = fom_attr(f, a);
	ck_assert_str_eq(at->name, "Closed");
	ck_assert_uint_eq(at->oclass, br);
	ck_assert_uint_eq(at->transport, FOM_TRANSPORT_BEST_EFFORT);
	ck_assert_uint_eq(at->order, FOM_ORDER_TIMESTAMP);
	ck_assert_uint_eq(fom_attr_by_name(f, br, "Id"), 2);
	ck_assert_uint_eq(fom_attr_by_name(f, br, "HLAprivilegeToDeleteObject"),
	    1);
	ck_assert_uint_eq(fom_attr_by_name(f, eq, "Closed"), 0);
	ck_assert_uint_eq(fom_attr_by_name(f, sbr, "Id"), 0);
	ck_assert_uint_eq(fom_attr_by_name(f, sbr, "Voltage"), 4);
	ck_assert_int_eq(fom_oclass_has_attr(f, br, 2), 1);
	ck_assert_int_eq(fom_oclass_has_attr(f, eq, 3), 0);
	ck_assert_int_eq(fom_oclass_is_a(f, br, eq), 1);
	ck_assert_int_eq(fom_oclass_is_a(f, br, 1), 1);
	ck_assert_int_eq(fom_oclass_is_a(f, eq, br), 0);
	ck_assert_int_eq(fom_oclass_is_a(f, sbr, eq), 0);

	ck_assert_uint_eq(fom_dim_by_name(f, "Substation"), 1);
	ck_assert_uint_eq(fom_dim(f, 1)->upper_bound, 64);
	ck_assert_uint_eq(fom_dim(f, 1)->defined, 1);
	at = fom_attr(f, 4);
	ck_assert_uint_eq(at->n_dims, 1);
	ck_assert_uint_eq(at->dims[0], 1);

	sw = fom_iclass_by_name(f, "HLAinteractionRoot.Switching");
	op = fom_iclass_by_name(f, "Switching.Open");
	ck_assert_uint_eq(sw, 2);
	ck_assert_uint_eq(op, 3);
	ck_assert_uint_eq(fom_iclass_by_name(f, "Open"), op);
	ck_assert_uint_eq(fom_iclass_by_name(f, "InteractionRoot.Switching"),
	    sw);
	ic = fom_iclass(f, sw);
	ck_assert_uint_eq(ic->transport, FOM_TRANSPORT_BEST_EFFORT);
	ck_assert_uint_eq(ic->order, FOM_ORDER_TIMESTAMP);
	ck_assert_uint_eq(ic->n_dims, 1);
	ic = fom_iclass(f, op);
	ck_assert_uint_eq(ic->transport, FOM_TRANSPORT_BEST_EFFORT);
	ck_assert_uint_eq(ic->order, FOM_ORDER_TIMESTAMP);
	ck_assert_uint_eq(fom_param_by_name(f, op, "Target"), 1);
	ck_assert_uint_eq(fom_param_by_name(f, op, "Reason"), 2);
	ck_assert_uint_eq(fom_param_by_name(f, sw, "Reason"), 0);
	ck_assert_uint_eq(fom_param(f, 2)->iclass, op);
	ck_assert_int_eq(fom_iclass_has_param(f, op, 1), 1);
	ck_assert_int_eq(fom_iclass_has_param(f, sw, 2), 0);
	ck_assert_int_eq(fom_iclass_is_a(f, op, sw), 1);
	ck_assert_int_eq(fom_iclass_is_a(f, sw, op), 0);
	fom_free(f);
}
END_TEST

START_TEST(test_print)
{
	struct fom *f = fom_new();
	char *s;

	load_str(f, substation_xml);
	s = print_str(f);
	ck_assert_ptr_nonnull(strstr(s, "object class 1 HLAobjectRoot\n"
	    "  attribute 1 HLAprivilegeToDeleteObject (reliable, timestamp)\n"));
	ck_assert_ptr_nonnull(strstr(s,
	    "\n  object class 4 HLAobjectRoot.Substation\n"
	    "    attribute 4 Voltage (reliable, receive, dims: Substation)\n"));
	ck_assert_ptr_nonnull(strstr(s,
	    "      attribute 3 Closed (best effort, timestamp)\n"));
	ck_assert_ptr_nonnull(strstr(s, "\n  interaction class 2 "
	    "HLAinteractionRoot.Switching (best effort, timestamp, dims: "
	    "Substation)\n    parameter 1 Target\n"));
	ck_assert_ptr_nonnull(strstr(s, "\ndimension 1 Substation "
	    "(upper bound 64)\n"));
	ck_assert(strstr(s, "object class") < strstr(s, "interaction class"));
	free(s);
	fom_free(f);
}
END_TEST

static const char fdd2000_xml[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE objectModel SYSTEM \"http://example.invalid/hla.dtd\">\n"
    "<objectModel DTDversion=\"1516.2\" name=\"Old\">\n"
    "<objects>\n"
    "<objectClass name=\"HLAobjectRoot\">\n"
    "<attribute name=\"HLAprivilegeToDeleteObject\" dimensions=\"NA\" "
    "transportation=\"HLAreliable\" order=\"Receive\"/>\n"
    "<objectClass name=\"Car\">\n"
    "<attribute name=\"Pos\" dimensions=\"Area  Zone \" "
    "transportation=\"HLAbestEffort\" order=\"Receive\"/>\n"
    "</objectClass>\n"
    "</objectClass>\n"
    "</objects>\n"
    "<interactions>\n"
    "<interactionClass name=\"HLAinteractionRoot\" dimensions=\"NA\" "
    "transportation=\"HLAreliable\" order=\"Receive\">\n"
    "<interactionClass name=\"Honk\" dimensions=\"Zone\" "
    "transportation=\"HLAreliable\" order=\"TimeStamp\">\n"
    "<parameter name=\"Loudness\"/>\n"
    "</interactionClass>\n"
    "</interactionClass>\n"
    "</interactions>\n"
    "<dimensions>\n"
    "<dimension name=\"Area\" upperBound=\"100\"/>\n"
    "<dimension name=\"Zone\"/>\n"
    "</dimensions>\n"
    "</objectModel>\n";

START_TEST(test_fdd2000_inline)
{
	struct fom *f = fom_new();
	const struct fom_attribute *a;
	const struct fom_iclass *ic;
	uint32_t car;

	load_str(f, fdd2000_xml);
	ck_assert_str_eq(f->model_names[0], "Old");
	car = fom_oclass_by_name(f, "Car");
	ck_assert_uint_eq(car, 2);
	a = fom_attr(f, fom_attr_by_name(f, car, "Pos"));
	ck_assert_ptr_nonnull(a);
	ck_assert_uint_eq(a->handle, 2);
	ck_assert_uint_eq(a->transport, FOM_TRANSPORT_BEST_EFFORT);
	ck_assert_uint_eq(a->order, FOM_ORDER_RECEIVE);
	ck_assert_uint_eq(a->n_dims, 2);
	ck_assert_str_eq(fom_dim(f, a->dims[0])->name, "Area");
	ck_assert_str_eq(fom_dim(f, a->dims[1])->name, "Zone");
	ck_assert_uint_eq(fom_dim(f, a->dims[0])->upper_bound, 100);
	ck_assert_uint_eq(fom_dim(f, a->dims[1])->upper_bound, 0);
	/* the MIM definition of the predefined attribute is kept */
	ck_assert_uint_eq(fom_attr(f, 1)->order, FOM_ORDER_TIMESTAMP);
	ck_assert_uint_eq(f->n_attrs, 2);
	ic = fom_iclass(f, fom_iclass_by_name(f, "Honk"));
	ck_assert_ptr_nonnull(ic);
	ck_assert_uint_eq(ic->order, FOM_ORDER_TIMESTAMP);
	ck_assert_uint_eq(ic->n_dims, 1);
	ck_assert_uint_eq(ic->dims[0], fom_dim_by_name(f, "Zone"));
	ck_assert_uint_eq(fom_param_by_name(f, ic->handle, "Loudness"), 1);
	fom_free(f);
}
END_TEST

START_TEST(test_load_file_missing)
{
	struct fom *f = fom_new();
	struct fom_error err;

	ck_assert_int_eq(fom_load_file(f, "/nonexistent/dir/x.xml", &err), -1);
	ck_assert_str_eq(err.file, "/nonexistent/dir/x.xml");
	ck_assert_ptr_nonnull(strstr(err.msg, "cannot open"));
	ck_assert_uint_eq(f->n_modules, 0);
	fom_free(f);
}
END_TEST

/* --- corpus --- */

START_TEST(test_corpus_present)
{
	struct stat st;
	char *path;

	ck_assert_msg(stat(corpus_dir(), &st) == 0 && S_ISDIR(st.st_mode),
	    "FOM corpus directory %s missing (set FOM_CORPUS_DIR)",
	    corpus_dir());
	path = corpus_file("MANIFEST.txt");
	ck_assert_msg(stat(path, &st) == 0, "%s missing", path);
	free(path);
}
END_TEST

/* Counts after loading each file alone into fom_new(): the manifest's raw
 * element counts, plus HLAprivilegeToDeleteObject when the file's root does
 * not declare it, plus placeholder dimensions. */
static const struct corpus_case {
	const char *file;
	uint32_t oc, at, ic, pa, dim;
} corpus_cases[] = {
	{ MIM, 4, 45, 85, 101, 2 },
	{ RPR, 64, 312, 79, 277, 0 },
	{ RESTAURANT_SOUP, 8, 1, 1, 0, 0 },
	{ RESTAURANT_FOOD, 24, 2, 1, 0, 3 },
	{ RESTAURANT_DRINKS, 6, 2, 1, 0, 2 },
	{ RESTAURANT_PROCESSES, 9, 8, 15, 3, 3 },
	{ "fdd-2000/AviationSimNet-fdd.xml", 7, 104, 88, 161, 3 },
	{ "fdd-2000/Certi-Test-02.xml", 6, 42, 78, 93, 2 },
	{ "grid/GLDExample.xml", 3, 7, 10, 22, 0 },
	{ "stress/largeAttributeCount.xml", 2, 301, 1, 0, 0 },
};

START_TEST(test_corpus_file)
{
	const struct corpus_case *c = &corpus_cases[_i];
	struct fom *f = fom_new();
	uint32_t h;

	load_corpus(f, c->file);
	ck_assert_msg(f->n_oclasses == c->oc && f->n_attrs == c->at &&
	    f->n_iclasses == c->ic && f->n_params == c->pa &&
	    f->n_dims == c->dim, "%s: got oc=%u at=%u ic=%u pa=%u dim=%u",
	    c->file, f->n_oclasses, f->n_attrs, f->n_iclasses, f->n_params,
	    f->n_dims);
	ck_assert_uint_eq(f->n_modules, 1);
	ck_assert_uint_eq(fom_oclass_by_name(f, "HLAobjectRoot"), 1);
	ck_assert_uint_eq(fom_iclass_by_name(f, "HLAinteractionRoot"), 1);
	ck_assert_str_eq(fom_attr(f, 1)->name, "HLAprivilegeToDeleteObject");
	for (h = 1; h <= f->n_oclasses; h++) {
		const struct fom_oclass *o = fom_oclass(f, h);
		ck_assert_uint_eq(o->handle, h);
		ck_assert_uint_eq(fom_oclass_by_name(f, o->qname), h);
		ck_assert_int_eq(fom_oclass_is_a(f, h, 1), 1);
	}
	for (h = 1; h <= f->n_iclasses; h++)
		ck_assert_uint_eq(fom_iclass_by_name(f,
		    fom_iclass(f, h)->qname), h);
	for (h = 1; h <= f->n_attrs; h++) {
		const struct fom_attribute *a = fom_attr(f, h);
		ck_assert_uint_eq(fom_attr_by_name(f, a->oclass, a->name), h);
	}
	for (h = 1; h <= f->n_params; h++) {
		const struct fom_parameter *p = fom_param(f, h);
		ck_assert_uint_eq(fom_param_by_name(f, p->iclass, p->name), h);
	}
	fom_free(f);
}
END_TEST

/* The model written as one document (fom_write_fdd, HLAcurrentFDD)
 * loads back into the same model: every handle names the same entity
 * with the same definition. */
START_TEST(test_corpus_write_fdd)
{
	const struct corpus_case *c = &corpus_cases[_i];
	struct fom *f = fom_new(), *g = fom_new();
	struct fom_error err;
	struct wire_buf b;
	uint32_t h;

	load_corpus(f, c->file);
	wire_buf_init(&b);
	ck_assert_int_eq(fom_write_fdd(f, "merged", &b), 0);
	ck_assert_msg(fom_load_string(g, (const char *)b.data, b.len,
	    "written", &err) == 0, "%s written back: line %d: %s", c->file,
	    err.line, err.msg);
	ck_assert_uint_eq(g->n_oclasses, f->n_oclasses);
	ck_assert_uint_eq(g->n_attrs, f->n_attrs);
	ck_assert_uint_eq(g->n_iclasses, f->n_iclasses);
	ck_assert_uint_eq(g->n_params, f->n_params);
	ck_assert_uint_eq(g->n_dims, f->n_dims);
	ck_assert_uint_eq(g->n_datatypes, f->n_datatypes);
	ck_assert_str_eq(g->model_names[0], "merged");
	for (h = 1; h <= f->n_oclasses; h++)
		ck_assert_str_eq(fom_oclass(g, h)->qname,
		    fom_oclass(f, h)->qname);
	for (h = 1; h <= f->n_attrs; h++) {
		const struct fom_attribute *x = fom_attr(f, h),
		    *y = fom_attr(g, h);

		ck_assert_str_eq(y->name, x->name);
		ck_assert_uint_eq(y->oclass, x->oclass);
		ck_assert_uint_eq(y->order, x->order);
		ck_assert_uint_eq(y->transport, x->transport);
		ck_assert_uint_eq(y->n_dims, x->n_dims);
		ck_assert_uint_eq(y->datatype, x->datatype);
	}
	for (h = 1; h <= f->n_iclasses; h++) {
		ck_assert_str_eq(fom_iclass(g, h)->qname,
		    fom_iclass(f, h)->qname);
		ck_assert_uint_eq(fom_iclass(g, h)->order,
		    fom_iclass(f, h)->order);
		ck_assert_uint_eq(fom_iclass(g, h)->transport,
		    fom_iclass(f, h)->transport);
	}
	for (h = 1; h <= f->n_params; h++) {
		ck_assert_str_eq(fom_param(g, h)->name, fom_param(f, h)->name);
		ck_assert_uint_eq(fom_param(g, h)->datatype,
		    fom_param(f, h)->datatype);
	}
	for (h = 1; h <= f->n_dims; h++) {
		ck_assert_str_eq(fom_dim(g, h)->name, fom_dim(f, h)->name);
		ck_assert_uint_eq(fom_dim(g, h)->upper_bound,
		    fom_dim(f, h)->upper_bound);
	}
	for (h = 0; h < f->n_datatypes; h++) {
		ck_assert_str_eq(g->datatypes[h].name, f->datatypes[h].name);
		ck_assert_uint_eq(g->datatypes[h].kind, f->datatypes[h].kind);
		ck_assert_uint_eq(g->datatypes[h].encodable,
		    f->datatypes[h].encodable);
		ck_assert_uint_eq(g->datatypes[h].size, f->datatypes[h].size);
	}
	wire_buf_free(&b);
	fom_free(f);
	fom_free(g);
}
END_TEST

START_TEST(test_corpus_mim)
{
	struct fom *f = fom_new();
	uint32_t fed, st, h;
	const struct fom_attribute *a;

	load_corpus(f, MIM);
	ck_assert_str_eq(f->model_names[0], "Standard MOM and Initialization "
	    "Module (MIM) for HLA IEEE 1516-2010");
	fed = fom_oclass_by_name(f, "HLAobjectRoot.HLAmanager.HLAfederate");
	ck_assert_uint_eq(fed, 3);
	ck_assert_uint_eq(fom_oclass_by_name(f, "HLAmanager.HLAfederate"), fed);
	ck_assert_uint_eq(fom_oclass_by_name(f, "HLAfederate"), fed);
	a = fom_attr(f, fom_attr_by_name(f, fed, "HLAfederateHandle"));
	ck_assert_ptr_nonnull(a);
	ck_assert_uint_eq(a->handle, 2);
	ck_assert_uint_eq(a->order, FOM_ORDER_RECEIVE);
	ck_assert_uint_eq(a->n_dims, 1);
	ck_assert_str_eq(fom_dim(f, a->dims[0])->name, "HLAfederate");
	ck_assert_uint_eq(fom_dim(f, fom_dim_by_name(f, "HLAserviceGroup"))
	    ->upper_bound, 7);
	ck_assert_uint_eq(fom_dim(f, fom_dim_by_name(f, "HLAfederate"))
	    ->upper_bound, 0);
	st = fom_iclass_by_name(f,
	    "HLAmanager.HLAfederate.HLAadjust.HLAsetTiming");
	ck_assert_uint_eq(st, 5);
	ck_assert_uint_eq(fom_param_by_name(f, st, "HLAreportPeriod"), 2);
	ck_assert_uint_eq(fom_param_by_name(f, st, "HLAfederate"), 1);
	/* HLAadjust exists under HLAfederate and HLAfederation */
	ck_assert_uint_eq(fom_iclass_by_name(f, "HLAadjust"), 0);
	h = fom_iclass_by_name(f, "HLAmanager.HLAfederation.HLAadjust");
	ck_assert_uint_ne(h, 0);
	ck_assert_uint_ne(h, fom_iclass_by_name(f,
	    "HLAmanager.HLAfederate.HLAadjust"));
	fom_free(f);
}
END_TEST

START_TEST(test_corpus_rpr)
{
	struct fom *f = fom_new();
	uint32_t ac, be, et, wf;

	load_corpus(f, RPR);
	ac = fom_oclass_by_name(f,
	    "HLAobjectRoot.BaseEntity.PhysicalEntity.Platform.Aircraft");
	ck_assert_uint_eq(ac, 5);
	ck_assert_uint_eq(fom_oclass_by_name(f,
	    "BaseEntity.PhysicalEntity.Platform.Aircraft"), ac);
	ck_assert_uint_eq(fom_oclass_by_name(f, "Aircraft"), ac);
	ck_assert_str_eq(fom_oclass(f, ac)->qname,
	    "HLAobjectRoot.BaseEntity.PhysicalEntity.Platform.Aircraft");
	ck_assert_uint_eq(fom_oclass(f, ac)->depth, 4);
	be = fom_oclass_by_name(f, "BaseEntity");
	ck_assert_uint_eq(be, 2);
	et = fom_attr_by_name(f, ac, "EntityType");
	ck_assert_uint_eq(et, 2);
	ck_assert_uint_eq(fom_attr(f, et)->oclass, be);
	ck_assert_uint_eq(fom_attr(f, et)->transport,
	    FOM_TRANSPORT_BEST_EFFORT);
	ck_assert_int_eq(fom_oclass_has_attr(f, ac, et), 1);
	ck_assert_uint_eq(fom_attr_by_name(f, ac, "AlternateEntityType"), 8);
	ck_assert_uint_eq(fom_attr_by_name(f, ac,
	    "HLAprivilegeToDeleteObject"), 1);
	ck_assert_uint_eq(fom_attr_by_name(f, be, "AlternateEntityType"), 0);
	wf = fom_iclass_by_name(f, "WeaponFire");
	ck_assert_uint_eq(wf, 30);
	ck_assert_uint_eq(fom_param_by_name(f, wf, "EventIdentifier"), 118);
	fom_free(f);
}
END_TEST

START_TEST(test_corpus_stress)
{
	struct fom *f = fom_new();
	const struct fom_oclass *o;
	uint32_t h, i;

	load_corpus(f, "stress/largeAttributeCount.xml");
	h = fom_oclass_by_name(f, "BigBertha");
	ck_assert_uint_eq(h, 2);
	o = fom_oclass(f, h);
	ck_assert_uint_eq(o->n_attrs, 300);
	for (i = 0; i < 300; i++)
		ck_assert_uint_eq(o->attrs[i], i + 2);
	ck_assert_uint_eq(fom_attr_by_name(f, h, "300"), 301);
	ck_assert_uint_eq(fom_attr_by_name(f, h, "1"), 2);
	ck_assert_uint_eq(fom_attr_by_name(f, h, "301"), 0);
	fom_free(f);
}
END_TEST

START_TEST(test_corpus_grid_roots)
{
	struct fom *f = fom_new();
	uint32_t house, end, root;

	load_corpus(f, "grid/GLDExample.xml");
	house = fom_oclass_by_name(f, "HouseObject");
	ck_assert_uint_ne(house, 0);
	ck_assert_str_eq(fom_oclass(f, house)->qname,
	    "HLAobjectRoot.HouseObject");
	ck_assert_uint_eq(fom_oclass(f, house)->parent, 1);
	ck_assert_uint_eq(fom_oclass_by_name(f, "ObjectRoot.HouseObject"),
	    house);
	ck_assert_uint_eq(fom_oclass_by_name(f, "ObjectRoot"), 1);
	ck_assert_uint_ne(fom_attr_by_name(f, house, "temperature"), 0);
	ck_assert_uint_eq(fom_attr_by_name(f, house,
	    "HLAprivilegeToDeleteObject"), 1);
	end = fom_iclass_by_name(f,
	    "InteractionRoot.C2WInteractionRoot.SimulationControl.SimEnd");
	ck_assert_uint_ne(end, 0);
	root = fom_iclass_by_name(f, "C2WInteractionRoot");
	ck_assert_uint_eq(fom_iclass(f, root)->parent, 1);
	ck_assert_uint_eq(fom_iclass(f, end)->order, FOM_ORDER_TIMESTAMP);
	ck_assert_uint_eq(fom_param(f, fom_param_by_name(f, end,
	    "originFed"))->iclass, root);
	ck_assert_uint_eq(fom_iclass(f, fom_iclass_by_name(f,
	    "SimTime"))->order, FOM_ORDER_RECEIVE);
	fom_free(f);
}
END_TEST

START_TEST(test_corpus_fdd2000)
{
	struct fom *f = fom_new();
	const struct fom_attribute *a;
	uint32_t fed;

	load_corpus(f, "fdd-2000/AviationSimNet-fdd.xml");
	ck_assert_uint_eq(fom_attr_by_name(f, 1, "privilegeToDelete"), 2);
	ck_assert_uint_eq(fom_dim(f, fom_dim_by_name(f, "Federate"))
	    ->upper_bound, 500);
	ck_assert_uint_eq(fom_dim(f, fom_dim_by_name(f, "Location"))
	    ->upper_bound, 5000);
	fed = fom_oclass_by_name(f, "Manager.Federate");
	ck_assert_uint_eq(fed, 6);
	a = fom_attr(f, fom_attr_by_name(f, fed, "FederateHandle"));
	ck_assert_ptr_nonnull(a);
	ck_assert_uint_eq(a->n_dims, 1); /* dimensions="Federate " */
	fom_free(f);

	f = fom_new();
	load_corpus(f, "fdd-2000/Certi-Test-02.xml");
	ck_assert_str_eq(f->model_names[0], "Certi Test FOM - Object handles");
	ck_assert_uint_ne(fom_oclass_by_name(f, "TestObjectClass"), 0);
	ck_assert_uint_eq(fom_dim(f, fom_dim_by_name(f, "ServiceGroup"))
	    ->upper_bound, 7);
	a = fom_attr(f, fom_attr_by_name(f, 3, "HLAfederateHandle"));
	ck_assert_ptr_nonnull(a);
	ck_assert_uint_eq(a->n_dims, 1);
	ck_assert_uint_eq(a->dims[0], fom_dim_by_name(f, "Federate"));
	ck_assert_uint_eq(fom_attr(f, 1)->n_dims, 0); /* dimensions="NA" */
	fom_free(f);
}
END_TEST

/* The MIM rti merges first, then `xml` (named "older.xml"): 0, or -1
 * with err filled. */
static int
load_after_mim(struct fom *f, const char *xml, struct fom_error *err)
{
	ck_assert_int_eq(fom_load_string(f, fom_mim_xml, fom_mim_xml_len,
	    FOM_MIM_DESIGNATOR, err), 0);
	return fom_load_string(f, xml, strlen(xml), "older.xml", err);
}

/* The warning of f that has `substr`, or NULL. */
static const struct fom_warning *
warning_with(const struct fom *f, const char *substr)
{
	uint32_t i;

	for (i = 0; i < f->n_warnings; i++)
		if (strstr(f->warnings[i].msg, substr))
			return &f->warnings[i];
	return NULL;
}

/* A module in the 1516-2000 form carrying the 1516-2000 MOM as such
 * modules do (its own dimension names, HLAFDDID, no HLAfederateName,
 * other parameter datatypes), and a class of its own. */
#define OLD_MOM_HEAD \
    "<?xml version=\"1.0\"?>\n" \
    "<objectModel name=\"Older\" DTDversion=\"1516.2\">\n" \
    "<objects>\n" \
    "<objectClass name=\"HLAobjectRoot\">\n" \
    "<attribute name=\"HLAprivilegeToDeleteObject\" dataType=\"NA\" " \
    "dimensions=\"NA\" transportation=\"HLAreliable\" " \
    "order=\"TimeStamp\"/>\n" \
    "<objectClass name=\"HLAmanager\">\n" \
    "<objectClass name=\"HLAfederate\">\n" \
    "<attribute name=\"HLAfederateHandle\" dataType=\"HLAhandle\" " \
    "dimensions=\"Federate\" transportation=\"HLAreliable\" " \
    "order=\"Receive\"/>\n" \
    "<attribute name=\"HLAFDDID\" dataType=\"HLAunicodeString\" " \
    "dimensions=\"Federate\" transportation=\"HLAreliable\" " \
    "order=\"Receive\"/>\n"
#define OLD_MOM_TAIL \
    "</objectClass>\n" \
    "</objectClass>\n" \
    "<objectClass name=\"Breaker\">\n" \
    "<attribute name=\"closed\" dataType=\"HLAboolean\" " \
    "dimensions=\"NA\" transportation=\"HLAreliable\" " \
    "order=\"TimeStamp\"/>\n" \
    "</objectClass>\n" \
    "</objectClass>\n" \
    "</objects>\n" \
    "<interactions>\n" \
    "<interactionClass name=\"HLAinteractionRoot\" dimensions=\"NA\" " \
    "transportation=\"HLAreliable\" order=\"Receive\">\n" \
    "<interactionClass name=\"HLAmanager\" dimensions=\"NA\" " \
    "transportation=\"HLAreliable\" order=\"Receive\">\n" \
    "<interactionClass name=\"HLAfederate\" dimensions=\"Federate\" " \
    "transportation=\"HLAreliable\" order=\"Receive\">\n" \
    "<parameter name=\"HLAfederate\" dataType=\"HLAfederateHandle\"/>\n" \
    "<interactionClass name=\"HLAadjust\" dimensions=\"Federate\" " \
    "transportation=\"HLAreliable\" order=\"Receive\">\n" \
    "<interactionClass name=\"HLAsetTiming\" dimensions=\"Federate\" " \
    "transportation=\"HLAreliable\" order=\"Receive\">\n" \
    "<parameter name=\"HLAreportPeriod\" dataType=\"HLAseconds\"/>\n" \
    "<parameter name=\"HLAreportObsolete\" dataType=\"HLAboolean\"/>\n" \
    "</interactionClass>\n" \
    "</interactionClass>\n" \
    "</interactionClass>\n" \
    "</interactionClass>\n" \
    "<interactionClass name=\"Trip\" dimensions=\"NA\" " \
    "transportation=\"HLAreliable\" order=\"TimeStamp\"/>\n" \
    "</interactionClass>\n" \
    "</interactions>\n" \
    "<dimensions>\n" \
    "<dimension name=\"Federate\" dataType=\"HLAfederateHandle\" " \
    "upperBoundNotes=\"MOM1\" normalization=\"NA\" " \
    "value=\"Excluded\"/>\n" \
    "</dimensions>\n" \
    "<dataTypes><simpleDataTypes>\n" \
    "<simpleData name=\"HLAfederateHandle\" " \
    "representation=\"HLAinteger32BE\"/>\n" \
    "</simpleDataTypes></dataTypes>\n" \
    "</objectModel>\n"

/* A 1516-2000 module's MOM classes, differing from the MIM's only as the
 * 2000 MOM does, are taken as the MIM's with one warning naming them;
 * the rest of the module merges as ever. */
START_TEST(test_older_mom)
{
	static const char xml[] = OLD_MOM_HEAD OLD_MOM_TAIL;
	struct fom *f = fom_new();
	struct fom_error err;
	const struct fom_warning *w;
	uint32_t fed, h, st;

	ck_assert_msg(load_after_mim(f, xml, &err) == 0, "%s:%d: %s",
	    err.file, err.line, err.msg);
	w = warning_with(f, "MOM classes that differ from the MIM's only as "
	    "the 1516-2000 MOM does are taken as the MIM's: ");
	ck_assert_ptr_nonnull(w);
	ck_assert_str_eq(w->file, "older.xml");
	ck_assert_int_eq(w->line, 7);
	ck_assert_ptr_nonnull(strstr(w->msg,
	    "HLAobjectRoot.HLAmanager.HLAfederate, "
	    "HLAinteractionRoot.HLAmanager.HLAfederate, "
	    "HLAinteractionRoot.HLAmanager.HLAfederate.HLAadjust."
	    "HLAsetTiming"));
	/* the MIM's definitions stand */
	fed = fom_oclass_by_name(f, "HLAobjectRoot.HLAmanager.HLAfederate");
	ck_assert_uint_ne(fed, 0);
	ck_assert_uint_eq(fom_attr_by_name(f, fed, "HLAFDDID"), 0);
	ck_assert_uint_ne(fom_attr_by_name(f, fed, "HLAfederateName"), 0);
	h = fom_attr_by_name(f, fed, "HLAfederateHandle");
	ck_assert_uint_eq(fom_attr(f, h)->n_dims, 1);
	ck_assert_uint_eq(fom_attr(f, h)->dims[0],
	    fom_dim_by_name(f, "HLAfederate"));
	ck_assert_uint_eq(fom_attr(f, h)->module, 1);
	st = fom_iclass_by_name(f, "HLAinteractionRoot.HLAmanager."
	    "HLAfederate.HLAadjust.HLAsetTiming");
	ck_assert_uint_eq(fom_param_by_name(f, st, "HLAreportObsolete"), 0);
	ck_assert_str_eq(fom_param(f, fom_param_by_name(f, fom_iclass_by_name(
	    f, "HLAinteractionRoot.HLAmanager.HLAfederate"), "HLAfederate"))
	    ->datatype_name, "HLAhandle");
	/* the module's own classes are in */
	ck_assert_uint_ne(fom_attr_by_name(f, fom_oclass_by_name(f,
	    "Breaker"), "closed"), 0);
	ck_assert_uint_ne(fom_iclass_by_name(f, "Trip"), 0);
	ck_assert_uint_eq(f->n_modules, 2);
	fom_free(f);

	/* without the MIM before it, the module is the model's MOM */
	f = fom_new();
	ck_assert_int_eq(fom_load_string(f, xml, strlen(xml), "older.xml",
	    &err), 0);
	ck_assert_ptr_null(warning_with(f, "MOM classes"));
	ck_assert_uint_ne(fom_attr_by_name(f, fom_oclass_by_name(f,
	    "HLAmanager.HLAfederate"), "HLAFDDID"), 0);
	fom_free(f);
}
END_TEST

/* What is not a difference between the two MOMs is still refused: a
 * member of a MOM class that is not the standard's (no HLA prefix), a
 * transportation or order that differ, and any conflict outside the MOM;
 * the model is then as before. */
START_TEST(test_older_mom_conflicts)
{
	static const char *const bad[][2] = {
		{ OLD_MOM_HEAD "<attribute name=\"myFlag\" "
		    "dataType=\"HLAboolean\" dimensions=\"NA\" "
		    "transportation=\"HLAreliable\" order=\"Receive\"/>\n"
		    OLD_MOM_TAIL, "older.xml:10: conflicting merge of object "
		    "class 'HLAobjectRoot.HLAmanager.HLAfederate': attribute "
		    "'myFlag' is not the standard's (no HLA prefix), so the "
		    "class differs from the MIM's beyond what the 1516-2000 "
		    "MOM changed" },
		{ OLD_MOM_HEAD "<attribute name=\"HLAfederateType\" "
		    "dataType=\"HLAunicodeString\" dimensions=\"Federate\" "
		    "transportation=\"HLAbestEffort\" order=\"Receive\"/>\n"
		    OLD_MOM_TAIL, "older.xml:10: conflicting merge of object "
		    "class 'HLAobjectRoot.HLAmanager.HLAfederate': attribute "
		    "'HLAfederateType' differs in transportation or order" },
		{ OLD_MOM_HEAD "<attribute name=\"HLAfederateType\" "
		    "dataType=\"HLAunicodeString\" dimensions=\"Federate\" "
		    "transportation=\"HLAreliable\" order=\"TimeStamp\"/>\n"
		    OLD_MOM_TAIL, "'HLAfederateType' differs in "
		    "transportation or order" },
		{ OLD_MOM_HEAD OLD_MOM_TAIL "", "" },
	};
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct fom *f = fom_new();
		struct fom_error err;
		uint32_t n;

		ck_assert_int_eq(fom_load_string(f, fom_mim_xml,
		    fom_mim_xml_len, FOM_MIM_DESIGNATOR, &err), 0);
		n = f->n_oclasses;
		char full[PATH_MAX + 600];

		if (!*bad[i][1]) {
			/* and outside the MOM: Breaker's attribute */
			static const char other[] =
			    "<?xml version=\"1.0\"?>\n<objectModel>\n"
			    "<objects>\n<objectClass><name>HLAobjectRoot"
			    "</name>\n<objectClass><name>Breaker</name>\n"
			    "<attribute><name>closed</name><dataType>"
			    "HLAinteger32BE</dataType><order>TimeStamp"
			    "</order></attribute>\n"
			    "</objectClass>\n</objectClass>\n</objects>\n"
			    "</objectModel>\n";

			ck_assert_int_eq(fom_load_string(f, bad[i][0],
			    strlen(bad[i][0]), "older.xml", &err), 0);
			n = f->n_oclasses;
			ck_assert_int_eq(fom_load_string(f, other,
			    strlen(other), "other.xml", &err), -1);
			ck_assert_str_eq(err.msg, "conflicting merge of "
			    "attribute 'closed' of object class "
			    "'HLAobjectRoot.Breaker': datatype "
			    "'HLAinteger32BE', earlier 'HLAboolean'");
			ck_assert_uint_eq(f->n_oclasses, n);
			ck_assert_uint_eq(f->n_modules, 2);
			fom_free(f);
			continue;
		}
		ck_assert_int_eq(fom_load_string(f, bad[i][0],
		    strlen(bad[i][0]), "older.xml", &err), -1);
		snprintf(full, sizeof full, "%s:%d: %s", err.file, err.line,
		    err.msg);
		ck_assert_msg(strstr(full, bad[i][1]) != NULL,
		    "case %zu: '%s' has no '%s'", i, full, bad[i][1]);
		ck_assert_uint_eq(f->n_oclasses, n);
		ck_assert_uint_eq(f->n_modules, 1);
		fom_free(f);
	}
}
END_TEST

/* A subclass repeating an inherited attribute (parameter) with its
 * definition loads with a warning and the inherited one is the
 * attribute; with another definition it is refused (bad_cases). */
START_TEST(test_repeated_inherited)
{
	static const char xml[] =
	    "<?xml version=\"1.0\"?>\n<objectModel>\n<objects>\n"
	    "<objectClass><name>HLAobjectRoot</name>\n"
	    "<objectClass><name>Drink</name>\n"
	    "<attribute><name>NumberCups</name><dataType>HLAinteger32BE"
	    "</dataType><transportation>HLAreliable</transportation><order>"
	    "TimeStamp</order></attribute>\n"
	    "<objectClass><name>Soda</name>\n"
	    "<attribute><name>NumberCups</name><dataType>HLAinteger32BE"
	    "</dataType><transportation>HLAreliable</transportation><order>"
	    "TimeStamp</order></attribute>\n"
	    "<attribute><name>Flavor</name></attribute>\n"
	    "</objectClass>\n</objectClass>\n</objectClass>\n</objects>\n"
	    "<interactions>\n<interactionClass><name>HLAinteractionRoot"
	    "</name>\n<interactionClass><name>Order</name>\n"
	    "<parameter><name>qty</name><dataType>HLAinteger32BE</dataType>"
	    "</parameter>\n<interactionClass><name>Rush</name>\n"
	    "<parameter><name>qty</name><dataType>HLAinteger32BE</dataType>"
	    "</parameter>\n</interactionClass>\n</interactionClass>\n"
	    "</interactionClass>\n</interactions>\n</objectModel>\n";
	struct fom *f = fom_new();
	const struct fom_warning *w;
	uint32_t drink, soda, nc, rush;

	load_str(f, xml);
	drink = fom_oclass_by_name(f, "Drink");
	soda = fom_oclass_by_name(f, "Drink.Soda");
	nc = fom_attr_by_name(f, soda, "NumberCups");
	ck_assert_uint_ne(nc, 0);
	ck_assert_uint_eq(fom_attr(f, nc)->oclass, drink);
	ck_assert_uint_eq(fom_oclass(f, soda)->n_attrs, 1);
	rush = fom_iclass_by_name(f, "Order.Rush");
	ck_assert_uint_eq(fom_iclass(f, rush)->n_params, 0);
	ck_assert_uint_ne(fom_param_by_name(f, rush, "qty"), 0);
	w = warning_with(f, "attributes and parameters that repeat an "
	    "inherited one with its definition are the inherited ones: ");
	ck_assert_ptr_nonnull(w);
	ck_assert_int_eq(w->line, 8);
	ck_assert_ptr_nonnull(strstr(w->msg, "HLAobjectRoot.Drink.Soda."
	    "NumberCups, HLAinteractionRoot.Order.Rush.qty"));
	fom_free(f);
}
END_TEST

/* rtiexec merges the MIM first: the 1516-2000 FDDs of the corpus, which
 * carry the 2000 MOM (or none), load after it; their MOM classes are the
 * MIM's. */
START_TEST(test_corpus_fdd2000_after_mim)
{
	static const char *const files[] = {
		"fdd-2000/Certi-Test-02.xml", "fdd-2000/AviationSimNet-fdd.xml"
	};
	size_t i;

	for (i = 0; i < 2; i++) {
		struct fom *f = fom_new();
		struct fom_error err;
		char *path = corpus_file(files[i]);
		uint32_t fed, h;

		ck_assert_int_eq(fom_load_string(f, fom_mim_xml,
		    fom_mim_xml_len, FOM_MIM_DESIGNATOR, &err), 0);
		ck_assert_msg(fom_load_file(f, path, &err) == 0, "%s:%d: %s",
		    err.file, err.line, err.msg);
		fed = fom_oclass_by_name(f,
		    "HLAobjectRoot.HLAmanager.HLAfederate");
		h = fom_attr_by_name(f, fed, "HLAfederateHandle");
		ck_assert_uint_eq(fom_attr(f, h)->dims[0],
		    fom_dim_by_name(f, "HLAfederate"));
		ck_assert_uint_eq(fom_attr_by_name(f, fed, "HLAFDDID"), 0);
		if (i == 0) {
			ck_assert_ptr_nonnull(warning_with(f, "taken as the "
			    "MIM's: HLAobjectRoot.HLAmanager.HLAfederate, "
			    "HLAobjectRoot.HLAmanager.HLAfederation"));
			ck_assert_uint_ne(fom_oclass_by_name(f,
			    "TestObjectClass"), 0);
		} else {
			/* its MOM is under Manager, not HLAmanager */
			ck_assert_ptr_null(warning_with(f, "taken as the "
			    "MIM's"));
			ck_assert_uint_ne(fom_oclass_by_name(f,
			    "Manager.Federate"), 0);
		}
		free(path);
		fom_free(f);
	}
}
END_TEST

static void
check_restaurant(const struct fom *f)
{
	uint32_t soda, drink, fl, nc, waiter, mcs, d;

	ck_assert_uint_eq(f->n_oclasses, 39);
	ck_assert_uint_eq(f->n_attrs, 10);
	ck_assert_uint_eq(f->n_iclasses, 15);
	ck_assert_uint_eq(f->n_params, 3);
	ck_assert_uint_eq(f->n_dims, 3);
	ck_assert_uint_eq(f->n_modules, 4);
	for (d = 1; d <= f->n_dims; d++)
		ck_assert_uint_eq(fom_dim(f, d)->defined, 1);
	ck_assert_uint_eq(fom_dim(f, fom_dim_by_name(f, "SodaFlavor"))
	    ->upper_bound, 3);
	ck_assert_uint_eq(fom_dim(f, fom_dim_by_name(f, "BarQuantity"))
	    ->upper_bound, 25);
	ck_assert_uint_eq(fom_dim(f, fom_dim_by_name(f, "WaiterId"))
	    ->upper_bound, 20);
	soda = fom_oclass_by_name(f, "HLAobjectRoot.Food.Drink.Soda");
	drink = fom_oclass_by_name(f, "Food.Drink");
	ck_assert_uint_ne(soda, 0);
	ck_assert_uint_eq(fom_oclass(f, soda)->parent, drink);
	fl = fom_attr_by_name(f, soda, "Flavor");
	nc = fom_attr_by_name(f, soda, "NumberCups");
	ck_assert_uint_ne(fl, 0);
	ck_assert_uint_eq(fom_attr(f, nc)->oclass, drink);
	ck_assert_uint_eq(fom_attr(f, fl)->n_dims, 2);
	ck_assert_uint_eq(fom_attr(f, fl)->dims[0],
	    fom_dim_by_name(f, "SodaFlavor"));
	ck_assert_uint_eq(fom_attr(f, fl)->order, FOM_ORDER_TIMESTAMP);
	ck_assert_uint_ne(fom_oclass_by_name(f,
	    "Food.Appetizers.Soup.ClamChowder.Manhattan"), 0);
	ck_assert_uint_ne(fom_oclass_by_name(f, "Food.Entree.Seafood.Lobster"),
	    0);
	waiter = fom_oclass_by_name(f, "Employee.Waiter");
	ck_assert_uint_ne(fom_attr_by_name(f, waiter, "PayRate"), 0);
	ck_assert_uint_ne(fom_attr_by_name(f, waiter, "Efficiency"), 0);
	mcs = fom_iclass_by_name(f, "MainCourseServed");
	ck_assert_uint_eq(fom_iclass(f, mcs)->n_dims, 1);
	ck_assert_uint_eq(fom_iclass(f, mcs)->dims[0],
	    fom_dim_by_name(f, "WaiterId"));
	ck_assert_uint_eq(fom_iclass(f, mcs)->n_params, 3);
}

START_TEST(test_corpus_restaurant_merge)
{
	struct fom *f = fom_new();
	struct fom *g = fom_new();
	char *s1, *s2;

	load_corpus(f, RESTAURANT_PROCESSES);
	load_corpus(f, RESTAURANT_FOOD);
	load_corpus(f, RESTAURANT_DRINKS);
	load_corpus(f, RESTAURANT_SOUP);
	check_restaurant(f);
	ck_assert_uint_eq(fom_oclass_by_name(f, "Employee"), 4);
	ck_assert_uint_eq(fom_oclass_by_name(f, "Food"), 10);

	/* dependents first: dimensions are completed by later modules */
	load_corpus(g, RESTAURANT_SOUP);
	load_corpus(g, RESTAURANT_DRINKS);
	ck_assert_uint_eq(g->n_dims, 2);
	ck_assert_uint_eq(fom_dim(g, 1)->defined, 0);
	load_corpus(g, RESTAURANT_FOOD);
	load_corpus(g, RESTAURANT_PROCESSES);
	check_restaurant(g);
	ck_assert_uint_eq(fom_oclass_by_name(g, "Food"), 2);

	/* repeating a module is a no-op apart from the module list */
	s1 = print_str(f);
	load_corpus(f, RESTAURANT_FOOD);
	load_corpus(f, RESTAURANT_PROCESSES);
	ck_assert_uint_eq(f->n_modules, 6);
	s2 = print_str(f);
	ck_assert_str_eq(strstr(s1, "object class"), strstr(s2,
	    "object class"));
	free(s1);
	free(s2);
	fom_free(f);
	fom_free(g);
}
END_TEST

START_TEST(test_corpus_mim_merge)
{
	struct fom *f = fom_new();
	struct fom *g = fom_new();
	char *s1, *s2;

	load_corpus(f, MIM);
	load_corpus(f, RPR);
	load_corpus(f, RESTAURANT_PROCESSES);
	load_corpus(f, RESTAURANT_FOOD);
	ck_assert_uint_eq(f->n_oclasses, 4 + 63 + 8 + 23);
	ck_assert_uint_eq(f->n_attrs, 45 + 311 + 7 + 1);
	ck_assert_uint_eq(f->n_iclasses, 85 + 78 + 14);
	ck_assert_uint_eq(f->n_dims, 5);
	ck_assert_uint_eq(fom_oclass_by_name(f, "HLAmanager.HLAfederate"), 3);
	ck_assert_uint_eq(fom_oclass_by_name(f, "BaseEntity"), 5);
	ck_assert_uint_eq(fom_attr_by_name(f, fom_oclass_by_name(f,
	    "Aircraft"), "EntityType"), 46);

	/* same modules, same order: same handles */
	load_corpus(g, MIM);
	load_corpus(g, RPR);
	load_corpus(g, RESTAURANT_PROCESSES);
	load_corpus(g, RESTAURANT_FOOD);
	s1 = print_str(f);
	s2 = print_str(g);
	ck_assert_str_eq(s1, s2);
	free(s1);
	free(s2);
	fom_free(f);
	fom_free(g);
}
END_TEST

/* --- fixtures in test/data/fom --- */

static int
load_fixture(struct fom *f, const char *file, struct fom_error *err)
{
	char *path;
	int rc;

	ck_assert_int_ge(asprintf(&path, "%s/test/data/fom/%s", TOP_SRCDIR,
	    file), 0);
	rc = fom_load_file(f, path, err);
	free(path);
	return rc;
}

START_TEST(test_fixtures)
{
	struct fom *f = fom_new();
	struct fom_error err;
	uint32_t br, m, rr;
	char *before, *after;

	ck_assert_msg(load_fixture(f, "substation-2010.xml", &err) == 0,
	    "%s:%d: %s", err.file, err.line, err.msg);
	ck_assert_msg(load_fixture(f, "metering-2000.xml", &err) == 0,
	    "%s:%d: %s", err.file, err.line, err.msg);
	ck_assert_uint_eq(f->n_oclasses, 4);
	ck_assert_uint_eq(f->n_attrs, 5);
	ck_assert_uint_eq(f->n_iclasses, 4);
	ck_assert_uint_eq(f->n_params, 3);
	ck_assert_uint_eq(f->n_dims, 2);
	br = fom_oclass_by_name(f, "Substation.Breaker");
	ck_assert_uint_eq(br, 3);
	ck_assert_uint_eq(fom_attr_by_name(f, br, "Voltage"), 2);
	m = fom_oclass_by_name(f, "Meter");
	ck_assert_uint_eq(fom_attr(f, fom_attr_by_name(f, m, "Reading"))
	    ->dims[0], fom_dim_by_name(f, "Feeder"));
	rr = fom_iclass_by_name(f, "ReadRequest");
	ck_assert_uint_eq(fom_param_by_name(f, rr, "Serial"), 3);
	ck_assert_uint_eq(fom_param_by_name(f,
	    fom_iclass_by_name(f, "Switching.Open"), "Breaker"), 1);

	before = print_str(f);
	ck_assert_int_eq(load_fixture(f, "substation-conflict.xml", &err), -1);
	ck_assert_int_eq(err.line, 9);
	ck_assert_ptr_nonnull(strstr(err.msg, "conflicting merge of attribute "
	    "'Voltage'"));
	ck_assert_ptr_nonnull(strstr(err.file, "substation-conflict.xml"));
	ck_assert_int_eq(load_fixture(f, "unknown-dimension.xml", &err), -1);
	ck_assert_int_eq(err.line, 12);
	ck_assert_ptr_nonnull(strstr(err.msg, "unknown dimension 'Region'"));
	after = print_str(f);
	ck_assert_str_eq(before, after);
	free(before);
	free(after);
	fom_free(f);
}
END_TEST

/* The datatype fixtures that cli.sh also uses: a warning, then a conflict
 * with Grid.xml naming both places. */
START_TEST(test_fixtures_types)
{
	struct fom *f = fom_new();
	struct fom_error err;
	uint32_t house;

	ck_assert_msg(load_fixture(f, "types-warning.xml", &err) == 0,
	    "%s:%d: %s", err.file, err.line, err.msg);
	ck_assert_uint_eq(f->n_warnings, 1);
	ck_assert_int_eq(f->warnings[0].line, 13);
	ck_assert_ptr_nonnull(strstr(f->warnings[0].file,
	    "types-warning.xml"));
	house = fom_oclass_by_name(f, "House");
	ck_assert_uint_eq(fom_attr(f, fom_attr_by_name(f, house,
	    "temperature"))->datatype, 0);
	ck_assert_uint_eq(fom_attr(f, fom_attr_by_name(f, house,
	    "setPoint"))->datatype, fom_datatype_by_name(f, "Celsius"));
	fom_free(f);

	f = fom_new();
	ck_assert_int_eq(fom_load_file(f, TOP_SRCDIR "/data/fom/Grid.xml",
	    &err), 0);
	ck_assert_int_eq(load_fixture(f, "types-conflict.xml", &err), -1);
	ck_assert_int_eq(err.line, 7);
	ck_assert_ptr_nonnull(strstr(err.file, "types-conflict.xml"));
	ck_assert_ptr_nonnull(strstr(err.msg, "datatype 'Kilovolts' conflicts "
	    "with its definition at "));
	ck_assert_ptr_nonnull(strstr(err.msg, "/data/fom/Grid.xml:311 (units "
	    "V vs kV)"));
	ck_assert_uint_eq(f->n_modules, 1);
	fom_free(f);
}
END_TEST

/* --- invalid input --- */

#define OM_BEGIN "<?xml version=\"1.0\"?>\n<objectModel>\n"
#define OM_END "</objectModel>\n"
#define OBJ_BEGIN OM_BEGIN "<objects>\n<objectClass><name>HLAobjectRoot" \
    "</name>\n"
#define OBJ_END "</objectClass>\n</objects>\n" OM_END
#define INT_BEGIN OM_BEGIN "<interactions>\n<interactionClass><name>" \
    "HLAinteractionRoot</name>\n"
#define INT_END "</interactionClass>\n</interactions>\n" OM_END
#define ATTR(n) "<attribute><name>" n "</name></attribute>"

static const char pre_class_ab[] =
    OBJ_BEGIN
    "<objectClass><name>A</name>\n"
    "<attribute><name>a</name><transportation>HLAreliable</transportation>"
    "<order>TimeStamp</order></attribute>\n"
    "<attribute><name>b</name></attribute>\n"
    "<objectClass><name>S</name></objectClass>\n"
    "</objectClass>\n"
    OBJ_END;

static const char pre_dim[] =
    OM_BEGIN "<dimensions><dimension><name>D</name><upperBound>10"
    "</upperBound></dimension></dimensions>\n" OM_END;

static const char pre_inter[] =
    INT_BEGIN
    "<interactionClass><name>I</name><parameter><name>p</name>"
    "</parameter><parameter><name>q</name></parameter>\n"
    "<interactionClass><name>J</name><parameter><name>r</name>"
    "</parameter></interactionClass>\n"
    "</interactionClass>\n"
    INT_END;

static const char pre_stub[] =
    OBJ_BEGIN
    "<objectClass><name>A</name>\n"
    "<objectClass><name>S</name>" ATTR("x") "</objectClass>\n"
    "</objectClass>\n"
    OBJ_END;

static const struct bad_case {
	const char *desc;
	const char *pre;                /* module loaded first, or NULL */
	const char *xml;
	const char *msg;                /* expected substring of err.msg */
	int line;                       /* expected err.line, -1: any */
} bad_cases[] = {
	{ "malformed: unclosed element", NULL,
	    "<objectModel><objects>\n<objectClass><name>A</name>\n"
	    "</objects></objectModel>\n",
	    "malformed XML", 3 },
	{ "malformed: garbage", NULL, "not xml at all", "malformed XML", 1 },
	{ "malformed: empty", NULL, "", "malformed XML", -1 },
	{ "malformed: trailing element", NULL,
	    "<objectModel/>\n<objectModel/>\n", "malformed XML", 2 },
	{ "not an objectModel", NULL,
	    "<?xml version=\"1.0\"?>\n\n<fom><objects/></fom>\n",
	    "not an objectModel document", 3 },
	{ "missing object class name (2010)", NULL,
	    OBJ_BEGIN "<objectClass>\n" ATTR("a") "</objectClass>\n" OBJ_END,
	    "object class without a name", 5 },
	{ "empty object class name", NULL,
	    OBJ_BEGIN "<objectClass><name>  </name></objectClass>\n" OBJ_END,
	    "object class without a name", 5 },
	{ "missing object class name (2000)", NULL,
	    OM_BEGIN "<objects>\n<objectClass name=\"HLAobjectRoot\">\n"
	    "<objectClass sharing=\"Neither\"/>\n</objectClass>\n</objects>\n"
	    OM_END, "object class without a name", 5 },
	{ "dot in class name", NULL,
	    OBJ_BEGIN "<objectClass><name>A.B</name></objectClass>\n" OBJ_END,
	    "invalid name 'A.B' of object class", 5 },
	{ "missing attribute name", NULL,
	    OBJ_BEGIN "<objectClass><name>A</name>\n"
	    "<attribute><order>Receive</order></attribute>\n</objectClass>\n"
	    OBJ_END, "attribute of object class 'A' without a name", 6 },
	{ "missing parameter name", NULL,
	    INT_BEGIN "<interactionClass><name>I</name>\n"
	    "<parameter/>\n</interactionClass>\n" INT_END,
	    "parameter of interaction class 'I' without a name", 6 },
	{ "missing interaction class name", NULL,
	    INT_BEGIN "<interactionClass><order>Receive</order>"
	    "</interactionClass>\n" INT_END,
	    "interaction class without a name", 5 },
	{ "missing dimension name", NULL,
	    OM_BEGIN "<dimensions>\n<dimension><upperBound>3</upperBound>"
	    "</dimension>\n</dimensions>\n" OM_END,
	    "dimension without a name", 4 },
	{ "invalid upper bound", NULL,
	    OM_BEGIN "<dimensions>\n<dimension><name>D</name><upperBound>"
	    "lots</upperBound></dimension>\n</dimensions>\n" OM_END,
	    "invalid upper bound 'lots' of dimension 'D'", 4 },
	{ "duplicate dimension", NULL,
	    OM_BEGIN "<dimensions>\n<dimension><name>D</name></dimension>\n"
	    "<dimension><name>D</name></dimension>\n</dimensions>\n" OM_END,
	    "duplicate dimension 'D'", 5 },
	{ "empty dimension reference", NULL,
	    OBJ_BEGIN "<objectClass><name>A</name>\n<attribute><name>a</name>"
	    "<dimensions>\n<dimension> </dimension></dimensions></attribute>"
	    "\n</objectClass>\n" OBJ_END,
	    "empty dimension reference in attribute 'a'", 7 },
	{ "duplicate class under one parent", NULL,
	    OBJ_BEGIN "<objectClass><name>A</name></objectClass>\n"
	    "<objectClass><name>B</name></objectClass>\n"
	    "<objectClass><name>A</name></objectClass>\n" OBJ_END,
	    "duplicate object class 'HLAobjectRoot.A'", 7 },
	{ "duplicate root in one module", NULL,
	    OM_BEGIN "<objects>\n<objectClass><name>HLAobjectRoot</name>"
	    "</objectClass>\n<objectClass><name>HLAobjectRoot</name>"
	    "</objectClass>\n</objects>\n" OM_END,
	    "duplicate object class 'HLAobjectRoot'", 5 },
	{ "duplicate interaction class", NULL,
	    INT_BEGIN "<interactionClass><name>I</name></interactionClass>\n"
	    "<interactionClass><name>I</name></interactionClass>\n" INT_END,
	    "duplicate interaction class 'HLAinteractionRoot.I'", 6 },
	{ "duplicate attribute in class", NULL,
	    OBJ_BEGIN "<objectClass><name>A</name>\n" ATTR("a") "\n"
	    ATTR("b") "\n" ATTR("a") "\n</objectClass>\n" OBJ_END,
	    "duplicate attribute 'a' in object class 'HLAobjectRoot.A'", 8 },
	{ "attribute redefines inherited one differently", NULL,
	    OBJ_BEGIN "<objectClass><name>A</name>\n" ATTR("a") "\n"
	    "<objectClass><name>B</name>\n<attribute><name>a</name><order>"
	    "TimeStamp</order></attribute>\n</objectClass>\n"
	    "</objectClass>\n" OBJ_END,
	    "attribute 'a' of object class 'HLAobjectRoot.A.B' redefines the "
	    "inherited attribute of 'HLAobjectRoot.A' with another "
	    "definition", 8 },
	{ "attribute redefines inherited one: another datatype", NULL,
	    OBJ_BEGIN "<objectClass><name>A</name>\n" ATTR("a") "\n"
	    "<objectClass><name>B</name>\n<attribute><name>a</name>"
	    "<dataType>HLAboolean</dataType></attribute>\n</objectClass>\n"
	    "</objectClass>\n" OBJ_END,
	    "redefines the inherited attribute of 'HLAobjectRoot.A' with "
	    "another definition", 8 },
	{ "attribute redefines HLAprivilegeToDeleteObject", NULL,
	    OBJ_BEGIN "<objectClass><name>A</name>\n"
	    "<attribute><name>HLAprivilegeToDeleteObject</name><order>"
	    "TimeStamp</order></attribute>\n</objectClass>\n" OBJ_END,
	    "redefines the inherited attribute of 'HLAobjectRoot'", 6 },
	{ "duplicate parameter", NULL,
	    INT_BEGIN "<interactionClass><name>I</name>\n"
	    "<parameter><name>p</name></parameter>\n"
	    "<parameter><name>p</name></parameter>\n</interactionClass>\n"
	    INT_END, "duplicate parameter 'p'", 7 },
	{ "parameter redefines inherited one", NULL,
	    INT_BEGIN "<interactionClass><name>I</name>\n"
	    "<parameter><name>p</name></parameter>\n"
	    "<interactionClass><name>J</name>\n"
	    "<parameter><name>p</name><dataType>HLAboolean</dataType>"
	    "</parameter>\n</interactionClass>\n"
	    "</interactionClass>\n" INT_END,
	    "redefines the inherited parameter of 'HLAinteractionRoot.I'", 8 },
	{ "unknown dimension of attribute (2010)", NULL,
	    OBJ_BEGIN "<objectClass><name>A</name>\n<attribute><name>a</name>"
	    "\n<dimensions>\n<dimension>Nowhere</dimension>\n</dimensions>"
	    "</attribute>\n</objectClass>\n" OBJ_END,
	    "unknown dimension 'Nowhere' referenced by attribute 'a'", 8 },
	{ "unknown dimension of interaction (2000)", NULL,
	    OM_BEGIN "<interactions>\n<interactionClass name="
	    "\"HLAinteractionRoot\">\n<interactionClass name=\"I\" "
	    "dimensions=\"Nowhere\"/>\n</interactionClass>\n</interactions>\n"
	    OM_END, "unknown dimension 'Nowhere' referenced by interaction "
	    "class 'I'", 5 },
	{ "unknown dimension after earlier classes (no half-apply)", NULL,
	    OBJ_BEGIN "<objectClass><name>A</name>" ATTR("a") "\n"
	    "<objectClass><name>B</name>" ATTR("b") "</objectClass>\n"
	    "</objectClass>\n<objectClass><name>C</name>\n"
	    "<attribute><name>c</name><dimensions><dimension>X</dimension>"
	    "</dimensions></attribute></objectClass>\n" OBJ_END,
	    "unknown dimension 'X'", 9 },
	{ "top-level class is not the root", NULL,
	    OM_BEGIN "<objects>\n<objectClass><name>Vehicle</name>"
	    "</objectClass>\n</objects>\n" OM_END,
	    "top-level object class 'Vehicle' is not HLAobjectRoot", 4 },
	{ "top-level interaction is not the root", NULL,
	    OM_BEGIN "<interactions>\n<interactionClass><name>Fire</name>"
	    "</interactionClass>\n</interactions>\n" OM_END,
	    "top-level interaction class 'Fire' is not HLAinteractionRoot",
	    4 },
	{ "merge: attribute definition differs", pre_class_ab,
	    OBJ_BEGIN "<objectClass><name>A</name>\n"
	    "<attribute><name>a</name><transportation>HLAbestEffort"
	    "</transportation><order>TimeStamp</order></attribute>\n"
	    ATTR("b") "\n</objectClass>\n" OBJ_END,
	    "conflicting merge of attribute 'a' of object class "
	    "'HLAobjectRoot.A'", 6 },
	{ "merge: extra attribute", pre_class_ab,
	    OBJ_BEGIN "<objectClass><name>A</name>\n"
	    "<attribute><name>a</name><transportation>HLAreliable"
	    "</transportation><order>TimeStamp</order></attribute>\n"
	    ATTR("b") "\n" ATTR("c") "\n</objectClass>\n" OBJ_END,
	    "conflicting merge of object class 'HLAobjectRoot.A': attribute "
	    "'c' is not in its earlier definition", 8 },
	{ "merge: missing attribute", pre_class_ab,
	    OBJ_BEGIN "<objectClass><name>A</name>\n" ATTR("b")
	    "\n</objectClass>\n" OBJ_END,
	    "conflicting merge of object class 'HLAobjectRoot.A': attribute "
	    "'a' of its earlier definition is missing", 5 },
	{ "merge: new attribute clashes with subclass", pre_stub,
	    OBJ_BEGIN "<objectClass><name>A</name>\n" ATTR("x")
	    "\n</objectClass>\n" OBJ_END,
	    "conflicting merge: attribute 'x' added to object class "
	    "'HLAobjectRoot.A' is already declared by subclass "
	    "'HLAobjectRoot.A.S'", 6 },
	{ "merge: subclass redefines inherited", pre_class_ab,
	    OBJ_BEGIN "<objectClass><name>A</name>\n"
	    "<objectClass><name>T</name>\n<attribute><name>b</name><order>"
	    "TimeStamp</order></attribute>\n</objectClass>\n"
	    "</objectClass>\n" OBJ_END,
	    "attribute 'b' of object class 'HLAobjectRoot.A.T' redefines", 7 },
	{ "merge: dimension upper bound differs", pre_dim,
	    OM_BEGIN "<dimensions>\n<dimension><name>D</name><upperBound>11"
	    "</upperBound></dimension>\n</dimensions>\n" OM_END,
	    "conflicting merge of dimension 'D': upper bound 11, earlier 10",
	    4 },
	{ "merge: dimension bound dropped", pre_dim,
	    OM_BEGIN "<dimensions>\n\n<dimension><name>D</name></dimension>\n"
	    "</dimensions>\n" OM_END,
	    "conflicting merge of dimension 'D'", 5 },
	{ "merge: parameter set differs", pre_inter,
	    INT_BEGIN "<interactionClass><name>I</name>\n"
	    "<parameter><name>p</name></parameter>\n"
	    "<parameter><name>z</name></parameter>\n"
	    "</interactionClass>\n" INT_END,
	    "conflicting merge of interaction class 'HLAinteractionRoot.I': "
	    "parameter 'z' is not in its earlier definition", 7 },
	{ "merge: parameter missing", pre_inter,
	    INT_BEGIN "<interactionClass><name>I</name>\n"
	    "<parameter><name>q</name></parameter>\n"
	    "</interactionClass>\n" INT_END,
	    "parameter 'p' of its earlier definition is missing", 5 },
	{ "merge: unknown dimension though earlier module has others",
	    pre_dim,
	    INT_BEGIN "<interactionClass><name>I</name>\n<dimensions>"
	    "<dimension>D</dimension>\n<dimension>E</dimension></dimensions>"
	    "\n</interactionClass>\n" INT_END,
	    "unknown dimension 'E' referenced by interaction class 'I'", 7 },
};

START_TEST(test_bad_input)
{
	const struct bad_case *c = &bad_cases[_i];
	struct fom *f = fom_new();
	struct fom_error err;
	uint32_t n_oc, n_at, n_ic, n_pa, n_di, n_mod;
	char *before, *after;

	if (c->pre)
		load_str(f, c->pre);
	n_oc = f->n_oclasses;
	n_at = f->n_attrs;
	n_ic = f->n_iclasses;
	n_pa = f->n_params;
	n_di = f->n_dims;
	n_mod = f->n_modules;
	before = print_str(f);
	memset(&err, 0x55, sizeof(err));
	ck_assert_msg(fom_load_string(f, c->xml, strlen(c->xml), "bad.xml",
	    &err) == -1, "%s: accepted", c->desc);
	ck_assert_str_eq(err.file, "bad.xml");
	ck_assert_msg(memchr(err.msg, '\0', sizeof(err.msg)) != NULL &&
	    strstr(err.msg, c->msg) != NULL, "%s: message '%s', want '%s'",
	    c->desc, err.msg, c->msg);
	if (c->line >= 0)
		ck_assert_msg(err.line == c->line, "%s: line %d, want %d (%s)",
		    c->desc, err.line, c->line, err.msg);
	ck_assert_uint_eq(f->n_oclasses, n_oc);
	ck_assert_uint_eq(f->n_attrs, n_at);
	ck_assert_uint_eq(f->n_iclasses, n_ic);
	ck_assert_uint_eq(f->n_params, n_pa);
	ck_assert_uint_eq(f->n_dims, n_di);
	ck_assert_uint_eq(f->n_modules, n_mod);
	after = print_str(f);
	ck_assert_str_eq(before, after);
	free(before);
	free(after);
	/* the model stays usable */
	if (c->pre)
		load_str(f, c->pre);
	fom_free(f);
}
END_TEST

/* Accepted edge cases: scaffolding stubs, dimensions declared by a
 * not-yet-loaded dependency, external DTD never fetched. */
/* A subclass restating an inherited attribute with other dimensions only
 * (Portico's restaurant FOM does so for Soda.NumberCups): the name is the
 * inherited attribute, whose definition holds, and a warning says so. */
START_TEST(test_repeated_inherited_dims)
{
	struct fom *f = fom_new();
	uint32_t a, b, h, i;
	int seen = 0;

	load_str(f, pre_dim);
	load_str(f, OBJ_BEGIN "<objectClass><name>A</name>\n" ATTR("a") "\n"
	    "<objectClass><name>B</name>\n<attribute><name>a</name>"
	    "<dimensions><dimension>D</dimension></dimensions></attribute>\n"
	    "</objectClass>\n</objectClass>\n" OBJ_END);
	a = fom_oclass_by_name(f, "A");
	b = fom_oclass_by_name(f, "A.B");
	ck_assert_uint_ne(b, 0);
	h = fom_attr_by_name(f, b, "a");
	ck_assert_uint_ne(h, 0);
	ck_assert_uint_eq(h, fom_attr_by_name(f, a, "a"));
	ck_assert_uint_eq(fom_attr(f, h)->n_dims, 0);
	for (i = 0; i < f->n_warnings; i++)
		seen += strstr(f->warnings[i].msg, "'HLAobjectRoot.A.B' repeats "
		    "the attribute inherited from 'HLAobjectRoot.A' with other "
		    "dimensions") != NULL;
	ck_assert_int_eq(seen, 1);
	fom_free(f);
}
END_TEST

START_TEST(test_merge_rules)
{
	struct fom *f = fom_new();
	struct fom_error err;
	uint32_t a, s;
	static const char stub[] =
	    OBJ_BEGIN "<objectClass><name>A</name>\n"
	    "<objectClass><name>S</name></objectClass>\n</objectClass>\n"
	    OBJ_END;
	static const char dependent[] =
	    OM_BEGIN "<modelIdentification><name>Dep</name><reference>"
	    "<type>Dependency</type><identification>Base</identification>"
	    "</reference></modelIdentification>\n<objects><objectClass><name>"
	    "HLAobjectRoot</name><objectClass><name>V</name><attribute><name>"
	    "v</name><dimensions><dimension>Later</dimension></dimensions>"
	    "</attribute></objectClass></objectClass></objects>\n" OM_END;
	static const char base[] =
	    OM_BEGIN "<modelIdentification><name>Base</name>"
	    "</modelIdentification>\n<dimensions><dimension><name>Later"
	    "</name><upperBound>9</upperBound></dimension></dimensions>\n"
	    OM_END;
	static const char dependent_on_loaded[] =
	    OM_BEGIN "<modelIdentification><name>Dep2</name><reference>"
	    "<type>Dependency</type><identification>Base</identification>"
	    "</reference></modelIdentification>\n<objects><objectClass><name>"
	    "HLAobjectRoot</name><objectClass><name>W</name><attribute><name>"
	    "w</name><dimensions><dimension>Missing</dimension></dimensions>"
	    "</attribute></objectClass></objectClass></objects>\n" OM_END;

	load_str(f, pre_class_ab);
	load_str(f, stub);
	ck_assert_uint_eq(f->n_oclasses, 3);
	ck_assert_uint_eq(f->n_attrs, 3);
	load_str(f, pre_class_ab);
	ck_assert_uint_eq(f->n_attrs, 3);
	fom_free(f);

	/* scaffolding first, full definition later */
	f = fom_new();
	load_str(f, stub);
	load_str(f, pre_class_ab);
	a = fom_oclass_by_name(f, "A");
	s = fom_oclass_by_name(f, "A.S");
	ck_assert_uint_eq(a, 2);
	ck_assert_uint_eq(s, 3);
	ck_assert_uint_eq(fom_attr_by_name(f, s, "b"), 3);
	fom_free(f);

	f = fom_new();
	load_str(f, dependent);
	ck_assert_uint_eq(f->n_dims, 1);
	ck_assert_uint_eq(fom_dim(f, 1)->defined, 0);
	load_str(f, base);
	ck_assert_uint_eq(f->n_dims, 1);
	ck_assert_uint_eq(fom_dim(f, 1)->defined, 1);
	ck_assert_uint_eq(fom_dim(f, 1)->upper_bound, 9);
	ck_assert_int_eq(fom_load_string(f, dependent_on_loaded,
	    strlen(dependent_on_loaded), "dep2", &err), -1);
	ck_assert_ptr_nonnull(strstr(err.msg, "unknown dimension 'Missing'"));
	ck_assert_uint_eq(f->n_modules, 2);
	fom_free(f);

	f = fom_new();
	load_str(f, "<om:objectModel xmlns:om=\"http://standards.ieee.org/"
	    "IEEE1516-2010\"><om:objects><om:objectClass><om:name>"
	    "HLAobjectRoot</om:name><om:objectClass><om:name>P</om:name>"
	    "<om:attribute><om:name>p</om:name></om:attribute></om:objectClass>"
	    "</om:objectClass></om:objects></om:objectModel>");
	ck_assert_uint_eq(fom_attr_by_name(f, fom_oclass_by_name(f, "P"), "p"),
	    2);
	fom_free(f);

	f = fom_new();
	load_str(f, fdd2000_xml);
	ck_assert_int_eq(fom_load_string(f, NULL, 0, NULL, &err), -1);
	ck_assert_int_eq(fom_load_string(f, fdd2000_xml, strlen(fdd2000_xml),
	    "again", NULL), 0);
	ck_assert_uint_eq(f->n_modules, 2);
	fom_free(f);
}
END_TEST

/* --- the compact form rtiexec sends joiners --- */

/* The bytes of file `path` (caller frees); *len set. */
static char *
slurp_file(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	long n;

	ck_assert_msg(fp != NULL, "cannot open %s", path);
	ck_assert_int_eq(fseek(fp, 0, SEEK_END), 0);
	n = ftell(fp);
	ck_assert_int_ge(n, 0);
	rewind(fp);
	buf = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, fp), (size_t)n);
	fclose(fp);
	*len = (size_t)n;
	return buf;
}

static char *
print_verbose_str(const struct fom *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	fom_print_verbose(f, fp);
	fclose(fp);
	return buf;
}

/* Module file `path` loaded from its text and from its compact form, each
 * into a fresh model: the same outcome, the same model (handles,
 * datatypes, layouts, warnings) or the same error. */
static void
compact_same(const char *path)
{
	struct fom_error e1, e2;
	struct wire_buf b;
	struct fom *f1 = fom_new(), *f2 = fom_new();
	size_t len;
	char *xml = slurp_file(path, &len), *p1, *p2;
	int r1, r2;

	ck_assert(f1 && f2);
	wire_buf_init(&b);
	r1 = fom_load_string(f1, xml, len, "m.xml", &e1);
	ck_assert_int_eq(fom_bin_of_xml(xml, len, "m.xml", &b, &e2), 0);
	ck_assert(fom_module_is_bin(b.data, b.len));
	ck_assert(!fom_module_is_bin(xml, len));
	ck_assert_uint_lt(b.len, len);
	r2 = fom_load_bin(f2, b.data, b.len, "m.xml", &e2);
	ck_assert_int_eq(r1, r2);
	if (r1 < 0)
		ck_assert_str_eq(e1.msg, e2.msg);
	p1 = print_verbose_str(f1);
	p2 = print_verbose_str(f2);
	ck_assert_str_eq(p1, p2);
	ck_assert_uint_eq(f1->n_warnings, f2->n_warnings);
	free(p1);
	free(p2);
	wire_buf_free(&b);
	free(xml);
	fom_free(f1);
	fom_free(f2);
}

START_TEST(test_compact_data)
{
	compact_same(TOP_SRCDIR "/data/fom/HLAstandardMIM.xml");
	compact_same(TOP_SRCDIR "/data/fom/Grid.xml");
	compact_same(TOP_SRCDIR "/data/fom/HelloWorld.xml");
}
END_TEST

/* Every cut of a compact form, and a bad optional-string tag, is refused
 * with an error and leaves the model as it was; the whole form merges
 * onto a model as its text does. */
START_TEST(test_compact_malformed)
{
	struct fom_error err;
	struct wire_buf b;
	struct fom *f = fom_new(), *g = fom_new();
	size_t len, cut;
	char *xml = slurp_file(TOP_SRCDIR "/data/fom/Grid.xml", &len);
	char *before, *after;

	ck_assert(f && g);
	load_str(f, "<objectModel><objects><objectClass><name>HLAobjectRoot"
	    "</name><objectClass><name>Other</name></objectClass>"
	    "</objectClass></objects></objectModel>");
	before = print_verbose_str(f);
	wire_buf_init(&b);
	ck_assert_int_eq(fom_bin_of_xml(xml, len, "Grid.xml", &b, &err), 0);
	for (cut = 0; cut < b.len; cut++) {
		err.msg[0] = '\0';
		ck_assert_int_eq(fom_load_bin(f, b.data, cut, "cut", &err), -1);
		ck_assert_msg(err.msg[0] != '\0', "no error at cut %zu", cut);
	}
	b.data[8] = 2;          /* the model name's tag: neither 0 nor 1 */
	ck_assert_int_eq(fom_load_bin(f, b.data, b.len, "tag", &err), -1);
	ck_assert_str_eq(err.msg, "malformed compact FOM module");
	b.data[8] = 1;
	b.data[7] = 2;          /* another version of the form */
	ck_assert_int_eq(fom_load_bin(f, b.data, b.len, "v2", &err), -1);
	b.data[7] = 1;
	after = print_verbose_str(f);
	ck_assert_str_eq(before, after);
	free(before);
	free(after);
	ck_assert_int_eq(fom_load_bin(f, b.data, b.len, "Grid.xml", &err), 0);
	load_str(g, "<objectModel><objects><objectClass><name>HLAobjectRoot"
	    "</name><objectClass><name>Other</name></objectClass>"
	    "</objectClass></objects></objectModel>");
	ck_assert_int_eq(fom_load_string(g, xml, len, "Grid.xml", &err), 0);
	before = print_verbose_str(g);
	after = print_verbose_str(f);
	ck_assert_str_eq(before, after);
	free(before);
	free(after);
	wire_buf_free(&b);
	free(xml);
	fom_free(f);
	fom_free(g);
}
END_TEST

START_TEST(test_compact_corpus)
{
	char *path = corpus_file(corpus_cases[_i].file);

	compact_same(path);
	free(path);
}
END_TEST

static Suite *
fom_suite(void)
{
	Suite *s = suite_create("fom");
	TCase *tc;

	tc = tcase_create("model");
	tcase_add_test(tc, test_new_roots);
	tcase_add_test(tc, test_lookup_inline);
	tcase_add_test(tc, test_print);
	tcase_add_test(tc, test_fdd2000_inline);
	tcase_add_test(tc, test_load_file_missing);
	tcase_add_test(tc, test_merge_rules);
	tcase_add_test(tc, test_fixtures);
	tcase_add_test(tc, test_fixtures_types);
	tcase_add_test(tc, test_older_mom);
	tcase_add_test(tc, test_older_mom_conflicts);
	tcase_add_test(tc, test_repeated_inherited);
	tcase_add_test(tc, test_repeated_inherited_dims);
	tcase_add_test(tc, test_compact_data);
	tcase_add_test(tc, test_compact_malformed);
	suite_add_tcase(s, tc);

	tc = tcase_create("invalid");
	tcase_add_loop_test(tc, test_bad_input, 0,
	    (int)(sizeof(bad_cases) / sizeof(bad_cases[0])));
	suite_add_tcase(s, tc);

	if (corpus_here("check_fom")) {
		tc = tcase_create("corpus");
		tcase_set_timeout(tc, 120);
		tcase_add_test(tc, test_corpus_present);
		tcase_add_loop_test(tc, test_corpus_file, 0,
		    (int)(sizeof(corpus_cases) / sizeof(corpus_cases[0])));
		tcase_add_loop_test(tc, test_corpus_write_fdd, 0,
		    sizeof corpus_cases / sizeof corpus_cases[0]);
		tcase_add_test(tc, test_corpus_mim);
		tcase_add_test(tc, test_corpus_rpr);
		tcase_add_test(tc, test_corpus_stress);
		tcase_add_test(tc, test_corpus_grid_roots);
		tcase_add_test(tc, test_corpus_fdd2000);
		tcase_add_test(tc, test_corpus_fdd2000_after_mim);
		tcase_add_test(tc, test_corpus_restaurant_merge);
		tcase_add_test(tc, test_corpus_mim_merge);
		tcase_add_loop_test(tc, test_compact_corpus, 0,
		    (int)(sizeof(corpus_cases) / sizeof(corpus_cases[0])));
		suite_add_tcase(s, tc);
	}
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(fom_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
