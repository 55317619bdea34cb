/* SPDX-License-Identifier: Apache-2.0 */
/*
 * header_c99.c - librti.h is plain C99 and its by-value structs have the
 * layout the header documents, so that C99 programs and foreign-function
 * interfaces (Python's ctypes, cffi) can declare them.  Built with
 * -std=c99 -pedantic-errors -Werror (test/include.am); exits 0 or 1.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "librti.h"

#define EXPECT(cond)                                                      \
	do {                                                              \
		if (!(cond)) {                                            \
			fprintf(stderr, "header_c99: %s\n", #cond);      \
			bad = 1;                                          \
		}                                                         \
	} while (0)

int
main(void)
{
	rti_time f = rti_time_f64(0.5), i = rti_time_i64(-7);
	int bad = 0;

	EXPECT(sizeof(rti_time) == 16);
	EXPECT(offsetof(rti_time, f64) == 0);
	EXPECT(offsetof(rti_time, i64) == 8);
	EXPECT(f.f64 == 0.5 && f.i64 == 0);
	EXPECT(i.i64 == -7 && i.f64 == 0.0);
	EXPECT(sizeof(rti_object_instance_handle) == 4);
	EXPECT(sizeof(rti_attribute_handle) == 4);
	EXPECT(sizeof(rti_message_retraction_handle) == 8);
	EXPECT(strcmp(rti_err_name(RTI_OK), "RTI_OK") == 0);
	if (!bad)
		printf("header_c99: librti.h compiles as C99 -pedantic; "
		    "rti_time is 16 bytes {f64 @0, i64 @8}\n");
	return bad;
}
