/* SPDX-License-Identifier: Apache-2.0 */
/*
 * protocol_librti.c - print librti's message tables for
 * test/check_protocol.sh: every type it sends (as a request, whose reply
 * it awaits, or one-way) and every type it decodes from rtiexec (through
 * a callback table, or as the answer it awaits), one per line:
 *   0xNNNN sends request|one-way MODULE
 *   0xNNNN receives callback|answer MODULE
 */
#include <stdio.h>

#include "librti_int.h"

int
main(void)
{
	const struct rti__cb_handler *h;
	const struct rti__msg_out *o;
	const uint16_t *a;
	size_t m;

	for (m = 0; m <= RTI__MOD_COUNT; m++) {
		const struct rti__module *mod = rti__modules[m];

		for (o = mod->sends; o && o->type; o++)
			printf("0x%04x sends %s %s\n", o->type,
			    o->kind == RTI__REQUEST ? "request" : "one-way",
			    mod->name);
		for (h = mod->callbacks; h && h->fn; h++)
			printf("0x%04x receives callback %s\n", h->type,
			    mod->name);
	}
	for (a = rti__answers; *a; a++)
		printf("0x%04x receives answer core\n", *a);
	return 0;
}
