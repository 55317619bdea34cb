/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_parse_int.h - what the two files of the OMT reader share, the only
 * ones that see libxml2: fom_parse.c (the bytes, the parser and its hooks,
 * the fom_load_* entry points) hands the tree it built to
 * fom_parse_walk.c (step 3: the tree into a struct fom_module).
 */
#ifndef RTI_FOM_PARSE_INT_H
#define RTI_FOM_PARSE_INT_H

#include <libxml/tree.h>

#include "fom_impl.h"

/* Step 3: the module of the document element `root` (NULL: none) of file
 * `name` into *out (fom_module_free), or -1 with `err` filled (an element
 * other than objectModel, a limit passed, ENOMEM). */
int fom_p_walk(const xmlNode *root, const char *name, struct fom_module **out,
    struct fom_error *err);

#endif
