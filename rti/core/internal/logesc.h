/* SPDX-License-Identifier: Apache-2.0 */
/*
 * logesc.h - what rtiexec writes to its log is one line per event, whatever
 * a client named: every line passes log_escape (log.c's vlog), so that a
 * federation, federate, type, label, module name, URL or echoed input
 * cannot end the line, forge another, or drive the operator's terminal.
 * Pure: no I/O, no state (test/fuzz/fuzz_logesc.c).
 */
#ifndef RTI_LOGESC_H
#define RTI_LOGESC_H

#include <stddef.h>

/*
 * Copy s[0..n) into out[0..cap) (cap >= 1) NUL-terminated, escaped:
 *   backslash               as \\ (so an escape is never ambiguous);
 *   \n \r \t and ESC        as \n \r \t \e;
 *   other C0 controls, DEL  as \xNN;
 *   a byte that does not begin a valid UTF-8 sequence (stray, overlong,
 *   surrogate, past U+10FFFF, cut short) as \xNN;
 *   the C1 controls U+0080..U+009F and the bidirectional formatting
 *   characters (U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069)
 *   as \u{XXXX};
 * every other character as is.  What does not fit is cut at a whole
 * character or escape and ends in "..." when cap allows.  Returns the
 * length written (without the NUL).
 */
size_t log_escape(char *out, size_t cap, const char *s, size_t n);

/* The longest escape of one input byte: "\xNN" is 4 bytes for 1, "\u{XXXX}"
 * 8 for 2 or 3: a buffer of LOG_ESCAPE_MAX(n) bytes takes any n bytes. */
#define LOG_ESCAPE_MAX(n) (4 * (n) + 1)

#endif
