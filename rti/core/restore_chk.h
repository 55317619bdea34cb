/* SPDX-License-Identifier: Apache-2.0 */
/*
 * restore_chk.h - the checks every module's restore_stage makes on a
 * section of a save file (rti-save(5)): small helpers, no state.
 */
#ifndef RTI_RESTORE_CHK_H
#define RTI_RESTORE_CHK_H

#include "server.h"

/* Is `h` the handle of one of the saved federates? */
static inline int
restore_fed_ok(const struct restore_saved *saved, uint32_t h)
{
	uint32_t i;

	for (i = 0; i < saved->n; i++)
		if (saved->handles[i] == h)
			return 1;
	return 0;
}

/* Fill `msg` with "MOD section: why" and return
 * RTI_ERR_COULD_NOT_INITIATE_RESTORE, for restore_stage's tail calls. */
static inline int
restore_damaged(char *msg, size_t len, const char *mod, const char *why)
{
	snprintf(msg, len, "the %s section of the save is damaged: %s", mod,
	    why);
	return RTI_ERR_COULD_NOT_INITIATE_RESTORE;
}

#endif
