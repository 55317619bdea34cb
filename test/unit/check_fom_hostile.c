/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_fom_hostile.c - the FOM loader (fom/fom.h) against hostile and
 * careless modules: entities of every kind, DTD declarations, deep
 * nesting, huge attribute and item counts, very long names, bad encodings,
 * NUL bytes, mixed 2000/2010 forms, too many datatypes, enumerators,
 * fields, alternatives and selections, long and cyclic chains of
 * datatypes, content that must not be echoed, local files and URLs that
 * must not be read, and the per-create budget.
 *
 * Each row of the table is loaded in a child process that reports its
 * outcome, the growth of its peak RSS and the CPU time it used: every row
 * must give its expected error (or load correctly) within a small memory
 * bound.  Outside ASan and valgrind the child also runs under an address
 * space limit, so that an unbounded expansion fails fast instead of taking
 * the machine.  A row that passed is then loaded again in the test process
 * itself, for ASan's and valgrind's leak and memory checks.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <check.h>
#include <ctype.h>
#include <errno.h>
#include <malloc.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <arpa/inet.h>

#include "fom.h"
#include "wire.h"
#include "corpus.h"

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif

_Static_assert(FOM_MAX_NAME == WIRE_MAX_NAME,
    "a FOM name is a name on the wire");
_Static_assert(FOM_MAX_MODULE_BYTES == WIRE_DEFAULT_MAX_FRAME,
    "a module a federate may send is one a file may be");

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

/* test/valgrind.sh sets RTI_TEST_WRAPPER for every program it runs. */
static int
under_valgrind(void)
{
	const char *w = getenv("RTI_TEST_WRAPPER");

	return w != NULL && strstr(w, "valgrind") != NULL;
}


/* --- documents --- */

#define OM_BEGIN "<?xml version=\"1.0\"?>\n<objectModel>\n"
#define OM_END "</objectModel>\n"
#define OBJ_BEGIN "<objects>\n<objectClass><name>HLAobjectRoot</name>\n"
#define OBJ_END "</objectClass>\n</objects>\n"
#define OBJ2000 "<objects><objectClass name=\"HLAobjectRoot\">\n"
#define INT2000 "<interactions><interactionClass " \
    "name=\"HLAinteractionRoot\">\n"
#define INT2000_END "</interactionClass></interactions>\n"
#define CLS(n) "<objectClass><name>" n "</name></objectClass>\n"
#define A10 "AAAAAAAAAA"
#define A100 A10 A10 A10 A10 A10 A10 A10 A10 A10 A10
#define EQ50 "=================================================="
#define ATTRS8(p) p "1=\"\" " p "2=\"\" " p "3=\"\" " p "4=\"\" " \
    p "5=\"\" " p "6=\"\" " p "7=\"\" " p "8=\"\" "
#define ATTRS64 ATTRS8("a") ATTRS8("b") ATTRS8("c") ATTRS8("d") \
    ATTRS8("e") ATTRS8("f") ATTRS8("g") ATTRS8("h")

/* Datatype sections: an enumeration E (line 3 and 4 after OM_BEGIN), a
 * record per line. */
#define DT_ENUM_BEGIN "<dataTypes><enumeratedDataTypes>\n<enumeratedData " \
    "name=\"E\" representation=\"HLAinteger32BE\">\n"
#define DT_ENUM_MID "</enumeratedData></enumeratedDataTypes>\n"
#define DT_ENUM_END DT_ENUM_MID "</dataTypes>" OM_END
#define DT_REC_BEGIN "<dataTypes><fixedRecordDataTypes>\n"
#define DT_REC(n, t) "<fixedRecordData name=\"" n "\" encoding=" \
    "\"HLAfixedRecord\"><field name=\"f\" dataType=\"" t "\"/>" \
    "</fixedRecordData>\n"
#define DT_REC_END "</fixedRecordDataTypes></dataTypes>" OM_END

#define NUL_DOC "<objectModel>\n<objects>\0</objects></objectModel>"
#define UTF16_DOC "\xff\xfe<\0o\0b\0j\0e\0c\0t\0M\0o\0d\0e\0l\0/\0>\0"

/* A document is head, rep repeated n times, mid, rep2 repeated n2 times,
 * tail.  Each "%u" in rep or rep2 (under 200 bytes) takes the
 * repetition's index, each "%n" the index plus one.  `len`
 * (when not 0) is the length of head alone, for bytes with NUL. */
struct hostile {
	const char *desc;
	const char *pre;                /* module loaded first, or NULL */
	const char *head;
	const char *rep;
	unsigned n;
	const char *mid;
	const char *rep2;
	unsigned n2;
	const char *tail;
	size_t len;
	const char *want;               /* error substring, NULL: loads */
	int line;                       /* expected err.line, -1: any */
	const char *cls;                /* on success: resolves */
	const char *nocls;              /* on success: does not */
	uint32_t n_oc;                  /* on success: n_oclasses (0: any) */
	unsigned rss_mb;                /* peak RSS growth bound (0: 16) */
	unsigned cpu_s;                 /* CPU time bound (0: none) */
};

static const struct hostile rows[] = {
	/* --- entities --- */
	{ "internal entity amplification: 3000 references to a 100 KB "
	    "entity in a name", NULL,
	    "<?xml version=\"1.0\"?>\n<!DOCTYPE objectModel [\n"
	    "<!ENTITY e \"", A10, 10000, "\">]>\n<objectModel>\n" OBJ_BEGIN
	    "<objectClass><name>", "&e;", 3000,
	    "</name></objectClass>\n" OBJ_END OM_END, 0,
	    "entity declarations are not allowed", 3, NULL, NULL, 0, 0, 0 },
	{ "internal entity amplification in an attribute value", NULL,
	    "<!DOCTYPE objectModel [<!ENTITY e \"", A10, 10000,
	    "\">]><objectModel name=\"", "&e;", 3000, "\"/>", 0,
	    "entity declarations are not allowed", 1, NULL, NULL, 0, 0, 0 },
	{ "quadratic blowup: a 20 KB entity referenced 20000 times", NULL,
	    "<!DOCTYPE objectModel [<!ENTITY q \"", A10, 2000,
	    "\">]>\n<objectModel><modelIdentification><name>", "&q;", 20000,
	    "</name></modelIdentification></objectModel>", 0,
	    "entity declarations are not allowed", 1, NULL, NULL, 0, 0, 0 },
	{ "billion laughs: nested entities", NULL,
	    "<?xml version=\"1.0\"?>\n<!DOCTYPE objectModel [\n"
	    " <!ENTITY lol \"lol\">\n"
	    " <!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"
	    "&lol;\">\n"
	    " <!ENTITY lol2 \"&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"
	    "&lol1;&lol1;&lol1;\">\n"
	    " <!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"
	    "&lol2;&lol2;&lol2;\">\n"
	    " <!ENTITY lol4 \"&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;"
	    "&lol3;&lol3;&lol3;\">\n"
	    " <!ENTITY lol5 \"&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;"
	    "&lol4;&lol4;&lol4;\">\n"
	    " <!ENTITY lol6 \"&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;"
	    "&lol5;&lol5;&lol5;\">\n"
	    " <!ENTITY lol7 \"&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;"
	    "&lol6;&lol6;&lol6;\">\n"
	    " <!ENTITY lol8 \"&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;"
	    "&lol7;&lol7;&lol7;\">\n"
	    " <!ENTITY lol9 \"&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;"
	    "&lol8;&lol8;&lol8;\">\n"
	    "]>\n<objectModel>\n" OBJ_BEGIN CLS("&lol9;") OBJ_END OM_END, NULL,
	    0, NULL, NULL, 0, NULL, 0,
	    "entity declarations are not allowed", 3, NULL, NULL, 0, 0, 0 },
	{ "parameter entity declaring a general entity", NULL,
	    "<!DOCTYPE objectModel [\n<!ENTITY % p \"<!ENTITY e 'x'>\">\n"
	    "%p;\n]>\n<objectModel>" OBJ_BEGIN CLS("&e;") OBJ_END OM_END,
	    NULL, 0, NULL, NULL, 0, NULL, 0,
	    "entity declarations are not allowed", 2, NULL, NULL, 0, 0, 0 },
	{ "external parameter entity", NULL,
	    "<!DOCTYPE objectModel [<!ENTITY % p SYSTEM \"/etc/passwd\">\n"
	    "%p;]><objectModel/>", NULL, 0, NULL, NULL, 0, NULL, 0,
	    "entity declarations are not allowed", 1, NULL, NULL, 0, 0, 0 },
	{ "external SYSTEM entity", NULL,
	    "<!DOCTYPE objectModel [<!ENTITY e SYSTEM \"/etc/hostname\">]>\n"
	    "<objectModel>" OBJ_BEGIN CLS("&e;") OBJ_END OM_END, NULL, 0,
	    NULL, NULL, 0, NULL, 0,
	    "entity declarations are not allowed", 1, NULL, NULL, 0, 0, 0 },
	{ "external PUBLIC entity", NULL,
	    "<!DOCTYPE objectModel [<!ENTITY e PUBLIC \"-//x//y\" "
	    "\"/etc/hostname\">]>\n<objectModel>" OBJ_BEGIN CLS("&e;")
	    OBJ_END OM_END, NULL, 0, NULL, NULL, 0, NULL, 0,
	    "entity declarations are not allowed", 1, NULL, NULL, 0, 0, 0 },
	{ "unparsed entity", NULL,
	    "<!DOCTYPE objectModel [<!ENTITY u SYSTEM \"x\" NDATA n>]>"
	    "<objectModel/>", NULL, 0, NULL, NULL, 0, NULL, 0,
	    "entity declarations are not allowed", 1, NULL, NULL, 0, 0, 0 },
	{ "declared entity in element name position", NULL,
	    "<!DOCTYPE objectModel [<!ENTITY e \"objects\">]>\n"
	    "<objectModel><&e;/></objectModel>", NULL, 0, NULL, NULL, 0,
	    NULL, 0, "entity declarations are not allowed", 1, NULL, NULL, 0,
	    0, 0 },
	{ "entity reference in element name position", NULL,
	    "<objectModel>\n<&e;/></objectModel>", NULL, 0, NULL, NULL, 0,
	    NULL, 0, "malformed XML: name expected", 2, NULL, NULL, 0, 0, 0 },
	{ "undeclared entity in text", NULL,
	    OM_BEGIN OBJ_BEGIN CLS("A&SECRETX;") OBJ_END OM_END, NULL, 0, NULL,
	    NULL, 0, NULL, 0, "malformed XML: reference to an undeclared "
	    "entity", 5, NULL, NULL, 0, 0, 0 },
	{ "undeclared entity in text, external DTD named", NULL,
	    "<!DOCTYPE objectModel SYSTEM \"hla.dtd\">\n<objectModel>\n"
	    OBJ_BEGIN CLS("A&SECRETX;") OBJ_END OM_END, NULL, 0, NULL, NULL, 0,
	    NULL, 0, "reference to an undeclared entity", 5, NULL, NULL, 0,
	    0, 0 },
	{ "undeclared entity in an attribute value, external DTD named",
	    NULL, "<!DOCTYPE objectModel SYSTEM \"hla.dtd\">\n<objectModel>\n"
	    OBJ2000 "<objectClass name=\"A&SECRETX;\"/>\n" OBJ_END OM_END,
	    NULL, 0, NULL, NULL, 0, NULL, 0,
	    "reference to an undeclared entity", 4, NULL, NULL, 0, 0, 0 },
	{ "parameter entity reference, nothing declared", NULL,
	    "<!DOCTYPE objectModel SYSTEM \"hla.dtd\" [ %SECRETP; ]>\n"
	    "<objectModel/>", NULL, 0, NULL, NULL, 0, NULL, 0,
	    "reference to an undeclared entity", 1, NULL, NULL, 0, 0, 0 },
	{ "predefined entities redeclared (allowed)", NULL,
	    "<!DOCTYPE objectModel [<!ENTITY lt \"&#38;#60;\">\n"
	    "<!ENTITY amp \"&#38;#38;\">]>\n<objectModel>\n" OBJ_BEGIN
	    CLS("A&amp;&lt;B") OBJ_END OM_END, NULL, 0, NULL, NULL, 0, NULL,
	    0, NULL, 0, "A&<B", NULL, 2, 0, 0 },
	{ "predefined entity redeclared as 100 KB: still the predefined one",
	    NULL, "<!DOCTYPE objectModel [<!ENTITY lt \"", A10, 10000,
	    "\">]>\n<objectModel>" OBJ_BEGIN "<objectClass><name>A", "&lt;",
	    1000, "</name></objectClass>" OBJ_END OM_END, 0, NULL, 0, NULL,
	    NULL, 2, 0, 0 },
	{ "character references and predefined entities", NULL,
	    OM_BEGIN OBJ_BEGIN CLS("&#65;&#x42;&amp;&gt;&apos;&quot;") OBJ_END
	    OM_END, NULL, 0, NULL, NULL, 0, NULL, 0, NULL, 0, "AB&>'\"",
	    NULL, 2, 0, 0 },
	{ "DOCTYPE naming an external DTD only (1516-2000)", NULL,
	    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<!DOCTYPE objectModel PUBLIC \"-//IEEE//HLA//EN\" "
	    "\"http://127.0.0.1:9/hla.dtd\">\n<objectModel DTDversion="
	    "\"1516.2\">\n" OBJ2000 "<objectClass name=\"A\"/>\n" OBJ_END
	    OM_END, NULL, 0, NULL, NULL, 0, NULL, 0, NULL, 0, "A", NULL, 2,
	    0, 0 },
	{ "comment in the internal subset (allowed)", NULL,
	    "<!DOCTYPE objectModel [<!-- nothing -->]>\n<objectModel>\n"
	    OBJ_BEGIN CLS("A") OBJ_END OM_END, NULL, 0, NULL, NULL, 0, NULL,
	    0, NULL, 0, "A", NULL, 2, 0, 0 },
	{ "ATTLIST defaulting a 100 KB xmlns onto 3000 elements", NULL,
	    "<!DOCTYPE objectModel [<!ATTLIST x xmlns:p CDATA \"urn:", A10,
	    10000, "\">]>\n<objectModel>", "<x/>", 3000, "</objectModel>", 0,
	    "DTD declarations are not allowed", 1, NULL, NULL, 0, 0, 0 },
	{ "ATTLIST with an enumerated type", NULL,
	    "<!DOCTYPE objectModel [\n<!ATTLIST objectModel a (p|q) \"p\">]>"
	    "<objectModel/>", NULL, 0, NULL, NULL, 0, NULL, 0,
	    "DTD declarations are not allowed", 2, NULL, NULL, 0, 0, 0 },
	{ "ELEMENT declaration", NULL,
	    "<!DOCTYPE objectModel [<!ELEMENT objectModel ANY>]>"
	    "<objectModel/>", NULL, 0, NULL, NULL, 0, NULL, 0,
	    "DTD declarations are not allowed", 1, NULL, NULL, 0, 0, 0 },
	{ "NOTATION declaration", NULL,
	    "<!DOCTYPE objectModel [<!NOTATION n SYSTEM \"x\">]>"
	    "<objectModel/>", NULL, 0, NULL, NULL, 0, NULL, 0,
	    "DTD declarations are not allowed", 1, NULL, NULL, 0, 0, 0 },

	/* --- nesting, counts --- */
	{ "10^4 nested elements", NULL, "<objectModel>\n", "<a>", 10000, "",
	    "</a>", 10000, "</objectModel>", 0,
	    "elements nested deeper than 64 (limit)", 2, NULL, NULL, 0, 0,
	    0 },
	{ "10^5 nested elements", NULL, "<objectModel>", "<a>", 100000, "",
	    "</a>", 100000, "</objectModel>", 0,
	    "elements nested deeper than 64 (limit)", 1, NULL, NULL, 0, 0,
	    0 },
	{ "nesting at the limit: 64 levels load", NULL,
	    OM_BEGIN "<objects><objectClass><name>HLAobjectRoot</name>",
	    "<objectClass><name>C%u</name>", 60, "", "</objectClass>", 60,
	    "</objectClass></objects>" OM_END, 0, NULL, 0,
	    "C0.C1.C2.C3.C4.C5.C6.C7.C8.C9.C10.C11.C12.C13.C14.C15.C16.C17."
	    "C18.C19.C20.C21.C22.C23.C24.C25.C26.C27.C28.C29.C30.C31.C32.C33."
	    "C34.C35.C36.C37.C38.C39.C40.C41.C42.C43.C44.C45.C46.C47.C48.C49."
	    "C50.C51.C52.C53.C54.C55.C56.C57.C58.C59", NULL, 61, 0, 0 },
	{ "nesting one past the limit", NULL,
	    OM_BEGIN "<objects><objectClass><name>HLAobjectRoot</name>",
	    "<objectClass><name>C%u</name>", 61, "", "</objectClass>", 61,
	    "</objectClass></objects>" OM_END, 0,
	    "elements nested deeper than 64 (limit)", 3, NULL, NULL, 0, 0,
	    0 },
	{ "10^5 attributes on one element", NULL, "<objectModel\n",
	    " a%u=\"\"", 100000, "/>", NULL, 0, NULL, 0,
	    "element with more than 64 attributes (limit)", 1, NULL, NULL, 0,
	    0, 2 },
	{ "64 attributes on one element load", NULL,
	    "<objectModel " ATTRS64 ">" OBJ_BEGIN CLS("A") OBJ_END OM_END,
	    NULL, 0, NULL, NULL, 0, NULL, 0, NULL, 0, "A", NULL, 2, 0, 0 },
	{ "65 attributes, '>' inside the values", NULL,
	    "<objectModel\n", " a%u=\">\"", 65, ">", NULL, 0, OM_END, 0,
	    "element with more than 64 attributes (limit)", 1, NULL, NULL, 0,
	    0, 0 },
	{ "'=' in comments, text and values does not count", NULL,
	    "<!-- " EQ50 EQ50 EQ50 " -->\n<objectModel note=\"" EQ50 EQ50
	    "\">\n<modelIdentification><name>M</name><description>" EQ50 EQ50
	    EQ50 "</description></modelIdentification>\n" OBJ_BEGIN CLS("A")
	    OBJ_END OM_END, NULL, 0, NULL, NULL, 0, NULL, 0, NULL, 0, "A",
	    NULL, 2, 0, 0 },
	{ "10^5 children load", NULL, "<objectModel>", "<x/>", 100000,
	    OBJ_BEGIN CLS("A") OBJ_END, NULL, 0, OM_END, 0, NULL, 0, "A", NULL,
	    2, 64, 0 },
	{ "250000 nodes, one past the limit", NULL, "<objectModel>",
	    "<x/>", 250000, "", NULL, 0, OM_END, 0,
	    "more than 250000 XML nodes in one module (limit)", 1, NULL, NULL,
	    0, 128, 0 },
	{ "comments count as nodes", NULL, "<objectModel>", "<!---->",
	    250000, "", NULL, 0, OM_END, 0,
	    "more than 250000 XML nodes in one module (limit)", 1, NULL, NULL,
	    0, 128, 0 },
	{ "16385 object classes", NULL, OM_BEGIN OBJ2000,
	    "<objectClass name=\"c%u\"/>", 16384, OBJ_END OM_END, NULL, 0,
	    NULL, 0, "more than 16384 object classes in one module (limit)",
	    -1, NULL, NULL, 0, 32, 0 },
	{ "16384 object classes load", NULL, OM_BEGIN OBJ2000,
	    "<objectClass name=\"c%u\"/>", 16383, OBJ_END OM_END, NULL, 0,
	    NULL, 0, NULL, 0, "c16382", NULL, 16384, 32, 0 },
	{ "16385 interaction classes", NULL, OM_BEGIN INT2000,
	    "<interactionClass name=\"i%u\"/>", 16384, INT2000_END OM_END,
	    NULL, 0, NULL, 0,
	    "more than 16384 interaction classes in one module (limit)", -1,
	    NULL, NULL, 0, 32, 0 },
	{ "65537 attributes", NULL,
	    OM_BEGIN OBJ2000 "<objectClass name=\"A\">",
	    "<attribute name=\"a%u\"/>", 65537,
	    "</objectClass>" OBJ_END OM_END, NULL, 0, NULL, 0,
	    "more than 65536 attributes in one module (limit)", -1, NULL, NULL,
	    0, 64, 0 },
	{ "65537 parameters", NULL,
	    OM_BEGIN INT2000 "<interactionClass name=\"I\">",
	    "<parameter name=\"p%u\"/>", 65537, "</interactionClass>"
	    INT2000_END OM_END, NULL, 0, NULL, 0,
	    "more than 65536 parameters in one module (limit)", -1, NULL, NULL,
	    0, 64, 0 },
	{ "1025 dimensions", NULL, OM_BEGIN "<dimensions>\n",
	    "<dimension name=\"d%u\"/>", 1025, "</dimensions>" OM_END, NULL, 0,
	    NULL, 0, "more than 1024 dimensions in one module (limit)", 3,
	    NULL, NULL, 0, 0, 0 },
	{ "33 dimensions referenced by one attribute", NULL,
	    OM_BEGIN "<dimensions>", "<dimension name=\"d%u\"/>", 40,
	    "</dimensions>\n" OBJ2000 "<objectClass name=\"A\">\n"
	    "<attribute name=\"a\" dimensions=\"", "d%u ", 33,
	    "\"/></objectClass>" OBJ_END OM_END, 0,
	    "more than 32 dimensions referenced by attribute 'a' of object "
	    "class 'A' (limit)", 6, NULL, NULL, 0, 0, 0 },

	/* --- datatypes (FOM_MAX_DATATYPES and the others) --- */
	{ "16385 datatypes", NULL, OM_BEGIN "<dataTypes><simpleDataTypes>",
	    "<simpleData name=\"s%u\" representation=\"HLAoctet\"/>", 16385,
	    "</simpleDataTypes></dataTypes>" OM_END, NULL, 0, NULL, 0,
	    "more than 16384 datatypes in one module (limit)", 3, NULL, NULL,
	    0, 32, 0 },
	{ "16384 datatypes load", NULL,
	    OM_BEGIN "<dataTypes><simpleDataTypes>",
	    "<simpleData name=\"s%u\" representation=\"HLAoctet\"/>", 16384,
	    "</simpleDataTypes></dataTypes>" OM_END, NULL, 0, NULL, 0, NULL, 0,
	    NULL, NULL, 1, 64, 5 },
	{ "65537 enumerator values", NULL, OM_BEGIN DT_ENUM_BEGIN,
	    "<enumerator name=\"e%u\" values=\"%u\"/>", 65537, DT_ENUM_END,
	    NULL, 0, NULL, 0,
	    "more than 65536 enumerator values in one module (limit)", -1,
	    NULL, NULL, 0, 64, 0 },
	{ "65536 enumerators load", NULL, OM_BEGIN DT_ENUM_BEGIN,
	    "<enumerator name=\"e%u\" values=\"%u\"/>", 65536, DT_ENUM_END,
	    NULL, 0, NULL, 0, NULL, 0, NULL, NULL, 1, 64, 5 },
	{ "10^5 values of one enumerator (2000)", NULL,
	    OM_BEGIN DT_ENUM_BEGIN "<enumerator name=\"e\" values=\"", "1,",
	    100000, "\"/>" DT_ENUM_END, NULL, 0, NULL, 0,
	    "more than 65536 enumerator values in one module (limit)", 5, NULL,
	    NULL, 0, 0, 0 },
	{ "65537 fields", NULL, OM_BEGIN "<dataTypes><fixedRecordDataTypes>"
	    "<fixedRecordData name=\"R\" encoding=\"HLAfixedRecord\">",
	    "<field name=\"f%u\" dataType=\"HLAoctet\"/>", 65537,
	    "</fixedRecordData></fixedRecordDataTypes></dataTypes>" OM_END,
	    NULL, 0, NULL, 0,
	    "more than 65536 fields of fixed records in one module (limit)",
	    -1, NULL, NULL, 0, 64, 0 },
	{ "65537 alternatives", NULL, OM_BEGIN DT_ENUM_BEGIN
	    "<enumerator name=\"A\" values=\"0\"/>" DT_ENUM_MID
	    "<variantRecordDataTypes><variantRecordData name=\"V\" "
	    "discriminant=\"k\" dataType=\"E\" encoding=\"HLAvariantRecord\">",
	    "<alternative enumerator=\"A\" name=\"a%u\" dataType=\"NA\"/>",
	    65537, "</variantRecordData></variantRecordDataTypes></dataTypes>"
	    OM_END, NULL, 0, NULL, 0, "more than 65536 alternatives of "
	    "variant records in one module (limit)", -1, NULL, NULL, 0, 64,
	    0 },
	{ "two ranges of 40000 enumerators each", NULL,
	    OM_BEGIN DT_ENUM_BEGIN, "<enumerator name=\"e%u\" values=\"%u\"/>",
	    40000, DT_ENUM_MID "<variantRecordDataTypes>",
	    "<variantRecordData name=\"v%u\" discriminant=\"k\" dataType="
	    "\"E\" encoding=\"HLAvariantRecord\"><alternative enumerator="
	    "\"[e0..e39999]\" name=\"a\" dataType=\"HLAoctet\"/>"
	    "</variantRecordData>", 2,
	    "</variantRecordDataTypes></dataTypes>" OM_END, 0,
	    "more than 65536 enumerators selected by alternatives of variant "
	    "records in one module (limit)", 6, NULL, NULL, 0, 64, 5 },
	{ "16000 variants over a 40000-enumerator discriminant load", NULL,
	    OM_BEGIN DT_ENUM_BEGIN, "<enumerator name=\"e%u\" values=\"%u\"/>",
	    40000, DT_ENUM_MID "<variantRecordDataTypes>",
	    "<variantRecordData name=\"v%u\" discriminant=\"k\" dataType="
	    "\"E\" encoding=\"HLAvariantRecord\"><alternative enumerator="
	    "\"[e%u..e%n], e39999\" name=\"a\" dataType=\"HLAoctet\"/>"
	    "</variantRecordData>", 16000,
	    "</variantRecordDataTypes></dataTypes>" OM_END, 0, NULL, 0, NULL,
	    NULL, 1, 128, 10 },
	{ "10000 records, each holding the one before", NULL,
	    OM_BEGIN DT_REC_BEGIN DT_REC("r0", "HLAoctet"),
	    DT_REC("r%n", "r%u"), 10000, DT_REC_END, NULL, 0, NULL, 0,
	    "datatype 'r31' is nested deeper than 32 levels (limit)", 35,
	    NULL, NULL, 0, 32, 5 },
	{ "10000 records, each holding the one after", NULL,
	    OM_BEGIN DT_REC_BEGIN, DT_REC("r%u", "r%n"), 10000,
	    DT_REC("r10000", "HLAoctet") DT_REC_END, NULL, 0, NULL, 0,
	    "datatype 'r0' is nested deeper than 32 levels (limit)", 4, NULL,
	    NULL, 0, 32, 5 },
	{ "a cycle of 10000 records", NULL,
	    OM_BEGIN DT_REC_BEGIN, DT_REC("r%u", "r%n"), 9999,
	    DT_REC("r9999", "r0") DT_REC_END, NULL, 0, NULL, 0,
	    "datatype 'r0' is nested deeper than 32 levels (limit)", 4, NULL,
	    NULL, 0, 32, 5 },
	{ "fixed array of 2^93 elements", NULL, OM_BEGIN "<dataTypes>"
	    "<arrayDataTypes>\n<arrayData name=\"A\" dataType=\"HLAoctet\" "
	    "cardinality=\"2147483647,2147483647,2147483647\" encoding="
	    "\"HLAfixedArray\"/></arrayDataTypes></dataTypes>" OM_END, NULL, 0,
	    NULL, NULL, 0, NULL, 0, "datatype 'A' has a fixed encoded size of "
	    "more than 4294967295 octets", 4, NULL, NULL, 0, 0, 0 },
	{ "10^6-byte datatype name", NULL,
	    OM_BEGIN "<dataTypes><simpleDataTypes><simpleData name=\"", A100,
	    10000, "\" representation=\"HLAoctet\"/></simpleDataTypes>"
	    "</dataTypes>" OM_END, NULL, 0, NULL, 0, "name of a datatype "
	    "longer than 1024 bytes (limit)", 3, NULL, NULL, 0, 0, 0 },
	{ "10^6-byte enumerator set", NULL, OM_BEGIN DT_ENUM_BEGIN
	    "<enumerator name=\"A\" values=\"0\"/>" DT_ENUM_MID
	    "<variantRecordDataTypes><variantRecordData name=\"V\" "
	    "discriminant=\"k\" dataType=\"E\" encoding=\"HLAvariantRecord\">"
	    "<alternative name=\"a\" dataType=\"NA\" enumerator=\"", "A,",
	    500000, "A\"/></variantRecordData></variantRecordDataTypes>"
	    "</dataTypes>" OM_END, NULL, 0, NULL, 0, "enumerator set of an "
	    "alternative longer than 4096 bytes (limit)", 6, NULL, NULL, 0, 0,
	    0 },
	{ "10^6-byte datatype of an attribute", NULL,
	    OM_BEGIN OBJ2000 "<objectClass name=\"A\"><attribute name=\"a\" "
	    "dataType=\"", A100, 10000, "\"/></objectClass>" OBJ_END OM_END,
	    NULL, 0, NULL, 0, "datatype name of attribute 'a' longer than "
	    "1024 bytes (limit)", 4, NULL, NULL, 0, 0, 0 },

	/* --- names --- */
	{ "2000-byte element name", NULL, "<objectModel>\n<", A100, 20,
	    "/></objectModel>", NULL, 0, NULL, 0,
	    "XML name longer than 1024 bytes (limit)", 2, NULL, NULL, 0, 0,
	    0 },
	{ "10^6-byte element name", NULL, "<objectModel><", A100, 10000,
	    "/></objectModel>", NULL, 0, NULL, 0, "malformed XML", 1, NULL,
	    NULL, 0, 0, 0 },
	{ "10^6-byte attribute name", NULL, "<objectModel ", A100, 10000,
	    "=\"\"/>", NULL, 0, NULL, 0, "malformed XML", 1, NULL, NULL, 0, 0,
	    0 },
	{ "10^6-byte class name (2010)", NULL,
	    OM_BEGIN OBJ_BEGIN "<objectClass><name>", A100, 10000,
	    "</name></objectClass>" OBJ_END OM_END, NULL, 0, NULL, 0,
	    "name of object class longer than 1024 bytes (limit)", 5, NULL,
	    NULL, 0, 0, 0 },
	{ "10^6-byte class name (2000)", NULL,
	    OM_BEGIN OBJ2000 "<objectClass name=\"", A100, 10000,
	    "\"/>" OBJ_END OM_END, NULL, 0, NULL, 0,
	    "name of object class longer than 1024 bytes (limit)", 4, NULL,
	    NULL, 0, 0, 0 },
	{ "1025-byte attribute name", NULL,
	    OM_BEGIN OBJ2000 "<objectClass name=\"A\"><attribute name=\"B",
	    A100, 10, A10 A10 "AAAA\"/></objectClass>" OBJ_END OM_END, NULL,
	    0, NULL, 0, "name of attribute of object class 'A' longer than "
	    "1024 bytes (limit)", 4, NULL, NULL, 0, 0, 0 },
	{ "1024-byte attribute name loads", NULL,
	    OM_BEGIN OBJ2000 "<objectClass name=\"A\"><attribute name=\"",
	    A100, 10, A10 A10 "ABCD\"/></objectClass>" OBJ_END OM_END, NULL,
	    0, NULL, 0, NULL, 0, "A", NULL, 2, 0, 0 },
	{ "1024-byte qualified name loads", NULL,
	    OM_BEGIN OBJ2000 "<objectClass name=\"", A100, 10,
	    A10 "\"/>" OBJ_END OM_END, NULL, 0, NULL, 0, NULL, 0, NULL, NULL,
	    2, 0, 0 },
	{ "qualified name over 1024 bytes", NULL,
	    OM_BEGIN OBJ2000 "<objectClass name=\"P", A100, 6,
	    "\">\n<objectClass name=\"C", A100, 6,
	    "\"/></objectClass>" OBJ_END OM_END, 0,
	    "qualified name of object class 'CAAA", 5, NULL, NULL, 0, 0, 0 },
	{ "10^6-byte dimension reference", NULL,
	    OM_BEGIN OBJ2000 "<objectClass name=\"A\"><attribute name=\"a\" "
	    "dimensions=\"", A100, 10000, "\"/></objectClass>" OBJ_END OM_END,
	    NULL, 0, NULL, 0, "dimension name referenced by attribute 'a' of "
	    "object class 'A' longer than 1024 bytes (limit)", 4, NULL, NULL,
	    0, 0, 0 },
	{ "16 MB text node", NULL, "<objectModel><x>", A100, 160000,
	    "</x></objectModel>", NULL, 0, NULL, 0,
	    "malformed XML: over a libxml2 limit (a text node over 10 MB)", 1,
	    NULL, NULL, 0, 64, 0 },
	{ "10^6-byte model name", NULL,
	    OM_BEGIN "<modelIdentification><name>", A100, 10000,
	    "</name></modelIdentification>" OM_END, NULL, 0, NULL, 0,
	    "model name longer than 1024 bytes (limit)", 3, NULL, NULL, 0, 0,
	    0 },

	/* --- encodings, bytes --- */
	{ "invalid UTF-8 in a name", NULL,
	    OM_BEGIN OBJ_BEGIN CLS("A\xc3\x28") OBJ_END OM_END, NULL, 0, NULL,
	    NULL, 0, NULL, 0, "invalid UTF-8", 5, NULL, NULL, 0, 0, 0 },
	{ "overlong encoding of '<'", NULL,
	    "<objectModel>\n\xc0\xbc" "a/></objectModel>", NULL, 0, NULL, NULL,
	    0, NULL, 0, "invalid UTF-8", 2, NULL, NULL, 0, 0, 0 },
	{ "UTF-8 encoded surrogate", NULL,
	    OM_BEGIN OBJ_BEGIN CLS("\xed\xa0\x80") OBJ_END OM_END, NULL, 0,
	    NULL, NULL, 0, NULL, 0, "invalid UTF-8", 5, NULL, NULL, 0, 0, 0 },
	{ "truncated UTF-8 at the end", NULL, "<objectModel/>\n\xe2\x82",
	    NULL, 0, NULL, NULL, 0, NULL, 0, "invalid UTF-8", 2, NULL, NULL,
	    0, 0, 0 },
	{ "NUL byte inside the document", NULL, NUL_DOC, NULL, 0, NULL,
	    NULL, 0, NULL, sizeof(NUL_DOC) - 1, "NUL byte", 2, NULL, NULL, 0,
	    0, 0 },
	{ "UTF-16 with a BOM", NULL, UTF16_DOC, NULL, 0, NULL, NULL, 0, NULL,
	    sizeof(UTF16_DOC) - 1, "UTF-16 or UTF-32 document", 1, NULL,
	    NULL, 0, 0, 0 },
	{ "UTF-16 declared, bytes UTF-8", NULL,
	    "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<objectModel/>",
	    NULL, 0, NULL, NULL, 0, NULL, 0,
	    "declared encoding is not UTF-8", 1,
	    NULL, NULL, 0, 0, 0 },
	{ "ISO-8859-1 declared, a Latin-1 byte", NULL,
	    "<?xml version='1.0' encoding='ISO-8859-1'?>\n"
	    "<objectModel name=\"\xe9\"/>", NULL, 0, NULL, NULL, 0, NULL, 0,
	    "declared encoding is not UTF-8", 1, NULL, NULL, 0, 0, 0 },
	{ "unknown encoding declared", NULL,
	    "<?xml version=\"1.0\" encoding=\"SECRET-ENC\"?><objectModel/>",
	    NULL, 0, NULL, NULL, 0, NULL, 0, "declared encoding is not UTF-8",
	    1, NULL, NULL, 0, 0, 0 },
	{ "EBCDIC bytes", NULL,
	    "\x4c\x6f\xa7\x94\x93\x40\xa5\x85\x99\xa2\x89\x96\x95\x7e\x7f\xf1"
	    "\x4b\xf0\x7f\x6f\x6e", NULL, 0, NULL, NULL, 0, NULL, 0,
	    "invalid UTF-8", 1, NULL, NULL, 0, 0, 0 },
	{ "UTF-8 BOM and declaration load", NULL,
	    "\xef\xbb\xbf<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
	    "<objectModel>" OBJ_BEGIN CLS("\xc3\x84rger") OBJ_END OM_END, NULL,
	    0, NULL, NULL, 0, NULL, 0, NULL, 0, "\xc3\x84rger", NULL, 2, 0,
	    0 },
	{ "US-ASCII declared loads", NULL,
	    "<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n<objectModel>"
	    OBJ_BEGIN CLS("A") OBJ_END OM_END, NULL, 0, NULL, NULL, 0, NULL, 0,
	    NULL, 0, "A", NULL, 2, 0, 0 },
	{ "empty document", NULL, "", NULL, 0, NULL, NULL, 0, NULL, 0,
	    "malformed XML: no document element", -1, NULL, NULL, 0, 0, 0 },
	{ "only a BOM", NULL, "\xef\xbb\xbf", NULL, 0, NULL, NULL, 0, NULL, 0,
	    "malformed XML: no document element", -1, NULL, NULL, 0, 0, 0 },
	{ "only white space", NULL, " \n\t\n", NULL, 0, NULL, NULL, 0, NULL,
	    0, "malformed XML: no document element", -1, NULL, NULL, 0, 0, 0 },

	/* --- forms --- */
	{ "mixed 2000 and 2010 forms in one document", NULL,
	    OM_BEGIN "<objects>\n<objectClass name=\"HLAobjectRoot\">\n"
	    "<objectClass name=\"A\"><attribute name=\"x\" order=\"TimeStamp\""
	    "/>\n<objectClass><name>B</name><attribute><name>y</name>"
	    "<order>TimeStamp</order></attribute></objectClass>\n"
	    "</objectClass>\n</objectClass>\n</objects>\n<interactions>"
	    "<interactionClass><name>HLAinteractionRoot</name>"
	    "<interactionClass name=\"I\"><parameter><name>p</name>"
	    "</parameter></interactionClass></interactionClass>"
	    "</interactions>\n" OM_END, NULL, 0, NULL, NULL, 0, NULL, 0, NULL,
	    0, "A.B", NULL, 3, 0, 0 },
	{ "both forms name one class: the XML attribute wins", NULL,
	    OM_BEGIN OBJ_BEGIN "<objectClass name=\"A\"><name>B</name>"
	    "</objectClass>\n" OBJ_END OM_END, NULL, 0, NULL, NULL, 0, NULL, 0,
	    NULL, 0, "A", "B", 2, 0, 0 },

	/* --- content that must not be echoed --- */
	{ "document element of another format", NULL,
	    "<?xml version=\"1.0\"?>\n<SECRETROOT><objects/></SECRETROOT>",
	    NULL, 0, NULL, NULL, 0, NULL, 0, "not an objectModel document", 2,
	    NULL, NULL, 0, 0, 0 },
	{ "tag mismatch", NULL,
	    "<objectModel>\n<SECRETA></SECRETB></objectModel>", NULL, 0, NULL,
	    NULL, 0, NULL, 0,
	    "malformed XML: end tag does not match its start tag", 2, NULL,
	    NULL, 0, 0, 0 },
	{ "attribute given twice", NULL,
	    "<objectModel SECRET=\"1\" SECRET=\"2\"/>", NULL, 0, NULL, NULL, 0,
	    NULL, 0, "malformed XML: attribute given twice", 1, NULL, NULL, 0,
	    0, 0 },
};

static char *
build(const struct hostile *h, size_t *len)
{
	const char *part[5] = { h->head, h->rep, h->mid, h->rep2, h->tail };
	unsigned times[5] = { 1, h->n, 1, h->n2, 1 };
	size_t cap = 4096, n = 0, l;
	char *buf = malloc(cap), tmp[256];
	unsigned i, k;

	ck_assert_ptr_nonnull(buf);
	if (h->len) {
		memcpy(buf, h->head, h->len);
		*len = h->len;
		return buf;
	}
	for (i = 0; i < 5; i++) {
		for (k = 0; part[i] != NULL && k < times[i]; k++) {
			const char *s = part[i], *u;
			if (strstr(s, "%u") != NULL ||
			    strstr(s, "%n") != NULL) {
				for (l = 0; (u = strchr(s, '%')) != NULL;
				    s = u + 2) {
					memcpy(tmp + l, s, (size_t)(u - s));
					l += (size_t)(u - s);
					l += (size_t)snprintf(tmp + l,
					    sizeof(tmp) - l, "%u",
					    u[1] == 'n' ? k + 1 : k);
				}
				snprintf(tmp + l, sizeof(tmp) - l, "%s", s);
				s = tmp;
			}
			l = strlen(s);
			while (n + l + 1 > cap) {
				cap *= 2;
				buf = realloc(buf, cap);
				ck_assert_ptr_nonnull(buf);
			}
			memcpy(buf + n, s, l);
			n += l;
		}
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* --- one load in a child process --- */

struct outcome {
	int rc;
	struct fom_error err;
	uint32_t n_oclasses, n_modules, pre_oclasses, pre_modules;
	int has_cls, has_nocls;
	long rss_kb;                    /* peak RSS growth */
	double cpu_s;
	long stderr_bytes;              /* written to stderr by the load */
};

static double
cpu_seconds(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
	    (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

/* Field `key` ("VmRSS:", "VmHWM:") of /proc/self/status in KB, or -1. */
static long
status_kb(const char *key)
{
	char line[256];
	long v = -1;
	FILE *fp = fopen("/proc/self/status", "r");

	if (fp == NULL)
		return -1;
	while (fgets(line, sizeof(line), fp) != NULL)
		if (strncmp(line, key, strlen(key)) == 0)
			v = strtol(line + strlen(key), NULL, 10);
	fclose(fp);
	return v;
}

/* Start measuring peak RSS from now: free heap pages go back to the
 * kernel (a forked child inherits the test's heap) and the peak is reset
 * to the current RSS (Linux 4.0: "5" into clear_refs).  Returns the RSS
 * in KB. */
static long
rss_start(void)
{
	FILE *fp;

	malloc_trim(0);
	if ((fp = fopen("/proc/self/clear_refs", "w")) != NULL) {
		fputs("5", fp);
		fclose(fp);
	}
	return status_kb("VmRSS:");
}

/* Load `pre` (if any), then `doc`, into a fresh model; fill `o`. */
static void
load_once(const struct hostile *h, const char *doc, size_t len,
    struct outcome *o)
{
	struct fom *f = fom_new();
	struct fom_error err;

	ck_assert_ptr_nonnull(f);
	if (h->pre != NULL)
		ck_assert_msg(fom_load_string(f, h->pre, strlen(h->pre), "pre",
		    &err) == 0, "%s: pre: %s", h->desc, err.msg);
	o->pre_oclasses = f->n_oclasses;
	o->pre_modules = f->n_modules;
	memset(&o->err, 0x55, sizeof(o->err));
	o->rc = fom_load_string(f, doc, len, "hostile.xml", &o->err);
	o->n_oclasses = f->n_oclasses;
	o->n_modules = f->n_modules;
	o->has_cls = h->cls && fom_oclass_by_name(f, h->cls) != 0;
	o->has_nocls = h->nocls && fom_oclass_by_name(f, h->nocls) != 0;
	fom_free(f);
}

/* Address space for the child: what it has now plus 1 GiB. */
static void
limit_address_space(void)
{
	struct rlimit rl;
	unsigned long pages = 0;
	FILE *fp = fopen("/proc/self/statm", "r");

	if (fp == NULL)
		return;
	if (fscanf(fp, "%lu", &pages) == 1) {
		rl.rlim_cur = rl.rlim_max = (rlim_t)pages *
		    (rlim_t)sysconf(_SC_PAGESIZE) + (1ul << 30);
		setrlimit(RLIMIT_AS, &rl);
	}
	fclose(fp);
}

static void
load_in_child(const struct hostile *h, const char *doc, size_t len,
    struct outcome *o)
{
	int fd[2], status;
	ssize_t r;
	pid_t pid;

	ck_assert_int_eq(pipe(fd), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct outcome c;
		struct stat est;
		char errpath[64];
		long rss0;
		double cpu0;
		int efd;

		close(fd[0]);
		alarm(300);     /* a runaway child cannot outlive the test */
		if (!UNDER_ASAN && !under_valgrind())
			limit_address_space();
		memset(&c, 0, sizeof(c));
		/* libxml2 must print nothing: stderr goes to a file */
		snprintf(errpath, sizeof(errpath), "/tmp/check_fom_hostile."
		    "err.XXXXXX");
		if ((efd = mkstemp(errpath)) >= 0) {
			unlink(errpath);
			dup2(efd, 2);
		}
		rss0 = rss_start();
		cpu0 = cpu_seconds();
		load_once(h, doc, len, &c);
		c.rss_kb = status_kb("VmHWM:") - rss0;
		c.cpu_s = cpu_seconds() - cpu0;
		c.stderr_bytes = efd >= 0 && fstat(efd, &est) == 0 ?
		    (long)est.st_size : -1;
		r = write(fd[1], &c, sizeof(c));
		_exit(r == (ssize_t)sizeof(c) ? 0 : 1);
	}
	close(fd[1]);
	do
		r = read(fd[0], o, sizeof(*o));
	while (r < 0 && errno == EINTR);
	close(fd[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
	    r == (ssize_t)sizeof(*o), "%s: loader child died (status %#x)",
	    h->desc, status);
}

static void
check_outcome(const struct hostile *h, const struct outcome *o)
{
	ck_assert_msg(memchr(o->err.msg, '\0', sizeof(o->err.msg)) != NULL,
	    "%s: unterminated message", h->desc);
	if (h->want == NULL) {
		ck_assert_msg(o->rc == 0, "%s: refused: %s:%d: %s", h->desc,
		    o->err.file, o->err.line, o->err.msg);
		ck_assert_msg(h->cls == NULL || o->has_cls, "%s: no class %s",
		    h->desc, h->cls);
		ck_assert_msg(!o->has_nocls, "%s: class %s exists", h->desc,
		    h->nocls);
		ck_assert_msg(h->n_oc == 0 || o->n_oclasses == h->n_oc,
		    "%s: %u object classes, want %u", h->desc, o->n_oclasses,
		    h->n_oc);
		ck_assert_uint_eq(o->n_modules, o->pre_modules + 1);
		return;
	}
	ck_assert_msg(o->rc == -1, "%s: accepted", h->desc);
	ck_assert_str_eq(o->err.file, "hostile.xml");
	ck_assert_msg(strstr(o->err.msg, h->want) != NULL,
	    "%s: message '%s', want '%s'", h->desc, o->err.msg, h->want);
	ck_assert_msg(h->line < 0 || o->err.line == h->line,
	    "%s: line %d, want %d (%s)", h->desc, o->err.line, h->line,
	    o->err.msg);
	ck_assert_msg(strstr(o->err.msg, "SECRET") == NULL,
	    "%s: message quotes the document: %s", h->desc, o->err.msg);
	ck_assert_uint_eq(o->n_oclasses, o->pre_oclasses);
	ck_assert_uint_eq(o->n_modules, o->pre_modules);
}

START_TEST(test_hostile)
{
	const struct hostile *h = &rows[_i];
	unsigned scale = UNDER_ASAN || under_valgrind() ? 4 : 1;
	long rss_bound = (long)(h->rss_mb ? h->rss_mb : 16) * 1024 * scale;
	struct outcome o;
	size_t len;
	char *doc = build(h, &len);

	memset(&o, 0, sizeof(o));
	load_in_child(h, doc, len, &o);
	ck_assert_msg(o.rss_kb <= rss_bound, "%s: peak RSS grew %ld KB, "
	    "bound %ld KB", h->desc, o.rss_kb, rss_bound);
	ck_assert_msg(h->cpu_s == 0 || under_valgrind() ||
	    o.cpu_s <= h->cpu_s * scale, "%s: %.2f s of CPU, bound %u s",
	    h->desc, o.cpu_s, h->cpu_s * scale);
	ck_assert_msg(o.stderr_bytes == 0, "%s: %ld bytes on stderr",
	    h->desc, o.stderr_bytes);
	check_outcome(h, &o);
	/* again in this process, under ASan's or valgrind's eyes */
	memset(&o, 0, sizeof(o));
	load_once(h, doc, len, &o);
	check_outcome(h, &o);
	free(doc);
}
END_TEST

/* 65535 attributes added by a second module to a scaffolding class above
 * 16000 subclasses: the merge used to check each new attribute against
 * every subclass (21 s of CPU). */
START_TEST(test_merge_scaffold)
{
	const struct hostile pre = { "", NULL,
	    OM_BEGIN OBJ2000 "<objectClass name=\"A\">",
	    "<objectClass name=\"s%u\"><attribute name=\"x%u\"/>"
	    "</objectClass>", 16000, "</objectClass>" OBJ_END OM_END, NULL, 0,
	    NULL, 0, NULL, 0, NULL, NULL, 0, 0, 0 };
	struct hostile h = { "attributes added to a scaffold above 16000 "
	    "subclasses", NULL, OM_BEGIN OBJ2000 "<objectClass name=\"A\">",
	    "<attribute name=\"a%u\"/>", 65535, "</objectClass>" OBJ_END
	    OM_END, NULL, 0, NULL, 0, NULL, 0, "A.s15999", NULL, 16002, 64,
	    3 };
	unsigned scale = UNDER_ASAN ? 4 : 1;
	struct outcome o;
	size_t len, plen;
	char *doc = build(&h, &len), *pdoc = build(&pre, &plen);

	h.pre = pdoc;
	memset(&o, 0, sizeof(o));
	load_in_child(&h, doc, len, &o);
	check_outcome(&h, &o);
	ck_assert_msg(under_valgrind() || o.cpu_s <= h.cpu_s * scale,
	    "%.2f s of CPU, bound %u s", o.cpu_s, h.cpu_s * scale);
	/* a clash with a subclass is still found */
	memcpy(strstr(doc, "\"a100\""), "\"x100\"", 6);
	memset(&o, 0, sizeof(o));
	h.want = "attribute 'x100' added to object class 'HLAobjectRoot.A' is "
	    "already declared by subclass 'HLAobjectRoot.A.s100'";
	load_once(&h, doc, len, &o);
	ck_assert_msg(o.rc == -1 && strstr(o.err.msg, h.want), "%s",
	    o.err.msg);
	free(doc);
	free(pdoc);
}
END_TEST

/* Attribute names chosen to share one bucket of the model's tables under
 * the unkeyed FNV-1a hash they used (scope = class handle 2): every insert
 * probed the whole cluster, 2.8 s of CPU for 65000 names.  The names are
 * made by inverting FNV's last step modulo 2^17 (the table size for 65000
 * entries): after prefix and one byte, the last byte that lands in the
 * target bucket is computed, and kept when it is a plain character. */
static char *
colliding_module(unsigned n, size_t *len)
{
	const uint32_t P = 16777619u, M = 0x1ffff, T = 0x1234;
	uint32_t pinv = P, x, v, s1;
	size_t cap = (size_t)n * 40 + 256, l = 0;
	char *buf = malloc(cap), pre[16];
	unsigned got = 0, i, c1, c2, k;

	ck_assert_ptr_nonnull(buf);
	for (k = 0; k < 5; k++)         /* Newton: P * pinv == 1 mod 2^32 */
		pinv *= 2 - P * pinv;
	x = (T * pinv) & M;
	l += (size_t)snprintf(buf, cap, OM_BEGIN OBJ2000
	    "<objectClass name=\"A\">");
	for (i = 0; got < n; i++) {
		snprintf(pre, sizeof(pre), "a%x", i);
		v = 2166136261u ^ (2u * 0x9e3779b9u);
		for (k = 0; pre[k]; k++)
			v = (v ^ (uint8_t)pre[k]) * P;
		for (c1 = 'A'; c1 <= 'z' && got < n; c1++) {
			s1 = (v ^ c1) * P;
			c2 = (s1 ^ x) & M;
			if (c2 > 'z' || c2 < 'A' || !isalpha((int)c1) ||
			    !isalpha((int)c2))
				continue;
			l += (size_t)snprintf(buf + l, cap - l,
			    "<attribute name=\"%s%c%c\"/>", pre, c1, c2);
			got++;
		}
	}
	l += (size_t)snprintf(buf + l, cap - l, "</objectClass>" OBJ_END
	    OM_END);
	ck_assert_uint_lt(l, cap);
	*len = l;
	return buf;
}

START_TEST(test_hash_flooding)
{
	struct hostile h = { "65000 attribute names in one FNV bucket", NULL,
	    NULL, NULL, 0, NULL, NULL, 0, NULL, 0, NULL, 0, "A", NULL, 2, 64,
	    1 };
	unsigned scale = UNDER_ASAN ? 4 : 1;
	struct outcome o;
	size_t len;
	char *doc = colliding_module(65000, &len);

	memset(&o, 0, sizeof(o));
	load_in_child(&h, doc, len, &o);
	check_outcome(&h, &o);
	ck_assert_msg(under_valgrind() || o.cpu_s <= h.cpu_s * scale,
	    "%.2f s of CPU, bound %u s", o.cpu_s, h.cpu_s * scale);
	free(doc);
}
END_TEST

/* --- local files and URLs are never read --- */

#define SECRET "SECRET-CONTENT-4242"

/* A temporary file holding `text`; its path in `path`. */
static void
temp_file(char *path, size_t n, const char *text)
{
	int fd;

	snprintf(path, n, "/tmp/check_fom_hostile.XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)),
	    (ssize_t)strlen(text));
	close(fd);
}

static void
refused_without_secret(const char *doc, const char *want)
{
	struct fom *f = fom_new();
	struct fom_error err;
	char *print = NULL;
	size_t plen = 0;
	FILE *fp;

	ck_assert_int_eq(fom_load_string(f, doc, strlen(doc), "probe.xml",
	    &err), -1);
	ck_assert_msg(strstr(err.msg, want) != NULL, "message '%s', want "
	    "'%s'", err.msg, want);
	ck_assert_ptr_null(strstr(err.msg, SECRET));
	ck_assert_ptr_null(strstr(err.file, SECRET));
	ck_assert_uint_eq(f->n_modules, 0);
	fp = open_memstream(&print, &plen);
	ck_assert_ptr_nonnull(fp);
	fom_print(f, fp);
	fclose(fp);
	ck_assert_ptr_null(strstr(print, SECRET));
	free(print);
	fom_free(f);
}

START_TEST(test_local_files_not_read)
{
	char secret[64], dtd[64], pe[64], doc[2048];

	temp_file(secret, sizeof(secret), SECRET "\n");
	temp_file(dtd, sizeof(dtd), "<!ENTITY n \"" SECRET "\">\n");
	temp_file(pe, sizeof(pe), "<!ENTITY n \"" SECRET "\">\n");

	snprintf(doc, sizeof(doc), "<!DOCTYPE objectModel [<!ENTITY s SYSTEM "
	    "\"file://%s\">]>\n<objectModel>" OBJ_BEGIN CLS("X&s;") OBJ_END
	    OM_END, secret);
	refused_without_secret(doc, "entity declarations are not allowed");
	snprintf(doc, sizeof(doc), "<!DOCTYPE objectModel [<!ENTITY s SYSTEM "
	    "\"%s\">]>\n<objectModel name=\"&s;\">" OBJ_BEGIN CLS("X&s;")
	    OBJ_END OM_END, secret);
	refused_without_secret(doc, "entity declarations are not allowed");
	snprintf(doc, sizeof(doc), "<!DOCTYPE objectModel [<!ENTITY s PUBLIC "
	    "\"-//x//y\" \"%s\">]>\n<objectModel>" OBJ_BEGIN CLS("X&s;")
	    OBJ_END OM_END, secret);
	refused_without_secret(doc, "entity declarations are not allowed");
	snprintf(doc, sizeof(doc), "<!DOCTYPE objectModel [<!ENTITY %% p "
	    "SYSTEM \"%s\"> %%p;]>\n<objectModel>" OBJ_BEGIN CLS("X&n;")
	    OBJ_END OM_END, pe);
	refused_without_secret(doc, "entity declarations are not allowed");
	/* had the external DTD been read, &n; would be declared and load */
	snprintf(doc, sizeof(doc), "<!DOCTYPE objectModel SYSTEM \"%s\">\n"
	    "<objectModel>" OBJ_BEGIN CLS("X&n;") OBJ_END OM_END, dtd);
	refused_without_secret(doc, "reference to an undeclared entity");
	snprintf(doc, sizeof(doc), "<!DOCTYPE objectModel SYSTEM \"%s\">\n"
	    "<objectModel>" OBJ_BEGIN "<objectClass name=\"X&n;\"/>" OBJ_END
	    OM_END, dtd);
	refused_without_secret(doc, "reference to an undeclared entity");
	unlink(secret);
	unlink(dtd);
	unlink(pe);
}
END_TEST

START_TEST(test_urls_not_fetched)
{
	struct sockaddr_in sa;
	socklen_t sl = sizeof(sa);
	struct pollfd pfd;
	struct fom *f = fom_new();
	struct fom_error err;
	char doc[2048];
	int ls = socket(AF_INET, SOCK_STREAM, 0), port;

	ck_assert_int_ge(ls, 0);
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(bind(ls, (struct sockaddr *)&sa, sizeof(sa)), 0);
	ck_assert_int_eq(listen(ls, 8), 0);
	ck_assert_int_eq(getsockname(ls, (struct sockaddr *)&sa, &sl), 0);
	port = ntohs(sa.sin_port);

	/* an external DTD by URL is named, not fetched: the module loads */
	snprintf(doc, sizeof(doc), "<!DOCTYPE objectModel SYSTEM "
	    "\"http://127.0.0.1:%d/hla.dtd\">\n<objectModel>" OBJ_BEGIN
	    CLS("A") OBJ_END OM_END, port);
	ck_assert_msg(fom_load_string(f, doc, strlen(doc), "url.xml", &err) ==
	    0, "%s", err.msg);
	ck_assert_uint_ne(fom_oclass_by_name(f, "A"), 0);
	snprintf(doc, sizeof(doc), "<!DOCTYPE objectModel [<!ENTITY e SYSTEM "
	    "\"http://127.0.0.1:%d/e.xml\">]>\n<objectModel>" OBJ_BEGIN
	    CLS("B&e;") OBJ_END OM_END, port);
	ck_assert_int_eq(fom_load_string(f, doc, strlen(doc), "url.xml",
	    &err), -1);
	ck_assert_ptr_nonnull(strstr(err.msg, "entity declarations"));
	snprintf(doc, sizeof(doc), "<!DOCTYPE objectModel SYSTEM "
	    "\"http://127.0.0.1:%d/hla.dtd\">\n<objectModel>" OBJ_BEGIN
	    CLS("C&e;") OBJ_END OM_END, port);
	ck_assert_int_eq(fom_load_string(f, doc, strlen(doc), "url.xml",
	    &err), -1);
	ck_assert_ptr_nonnull(strstr(err.msg, "undeclared entity"));
	fom_free(f);

	/* nobody connected */
	pfd.fd = ls;
	pfd.events = POLLIN;
	ck_assert_int_eq(poll(&pfd, 1, 0), 0);
	close(ls);
}
END_TEST

/* --- files: only regular ones, size checked first --- */

START_TEST(test_load_file_kinds)
{
	struct fom *f = fom_new();
	struct fom_error err;
	char dir[] = "/tmp/check_fom_hostile.d.XXXXXX", path[128];
	FILE *fp;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	/* a FIFO nobody writes to is refused at once, not waited on */
	snprintf(path, sizeof(path), "%s/fifo.xml", dir);
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	alarm(20);
	ck_assert_int_eq(fom_load_file(f, path, &err), -1);
	alarm(0);
	ck_assert_str_eq(err.msg, "not a regular file");
	unlink(path);
	ck_assert_int_eq(fom_load_file(f, dir, &err), -1);
	ck_assert_str_eq(err.msg, "not a regular file");
	/* a sparse file past the limit is refused before it is read */
	snprintf(path, sizeof(path), "%s/big.xml", dir);
	fp = fopen(path, "w");
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(ftruncate(fileno(fp), (off_t)FOM_MAX_MODULE_BYTES +
	    1), 0);
	fclose(fp);
	ck_assert_int_eq(fom_load_file(f, path, &err), -1);
	ck_assert_str_eq(err.msg, "module larger than 16 MiB (limit)");
	ck_assert_int_eq(err.line, 0);
	unlink(path);
	ck_assert_int_eq(fom_load_string(f, "", FOM_MAX_MODULE_BYTES + 1,
	    "big", &err), -1);
	ck_assert_str_eq(err.msg, "module larger than 16 MiB (limit)");
	ck_assert_uint_eq(f->n_modules, 0);
	rmdir(dir);
	fom_free(f);
}
END_TEST

/* --- budget of a create or join --- */

static const char *const corpus_set[] = {
	"mim/HLAstandardMIM.xml", "rpr2/RPR_FOM_v2.0_1516-2010.xml",
	"restaurant/RestaurantProcesses.xml", "restaurant/RestaurantFood.xml",
	"restaurant/RestaurantDrinks.xml", "restaurant/RestaurantSoup.xml",
	"fdd-2000/AviationSimNet-fdd.xml", "grid/GLDExample.xml",
};

START_TEST(test_budget_corpus)
{
	struct fom_budget b;
	struct fom *f = fom_new();
	struct fom_error err;
	struct stat st;
	char *path = NULL;
	size_t bytes = 0, i;
	uint64_t nodes = FOM_BUDGET_NODES;

	fom_budget_init(&b);
	ck_assert_uint_eq(b.bytes, FOM_BUDGET_BYTES);
	ck_assert_uint_eq(b.nodes, FOM_BUDGET_NODES);
	ck_assert_uint_eq(b.modules, FOM_BUDGET_MODULES);
	for (i = 0; i < sizeof(corpus_set) / sizeof(corpus_set[0]); i++) {
		free(path);
		path = corpus_file(corpus_set[i]);
		ck_assert_int_eq(stat(path, &st), 0);
		bytes += (size_t)st.st_size;
		ck_assert_msg(fom_load_file_budget(f, path, &b, &err) == 0,
		    "%s:%d: %s", err.file, err.line, err.msg);
		ck_assert_uint_lt(b.nodes, nodes);
		nodes = b.nodes;
	}
	ck_assert_uint_eq(b.bytes, FOM_BUDGET_BYTES - bytes);
	ck_assert_uint_eq(b.modules, FOM_BUDGET_MODULES - i);
	ck_assert_uint_eq(f->n_modules, i);
	/* the whole corpus takes under a tenth of the default */
	ck_assert_uint_gt(b.nodes, FOM_BUDGET_NODES / 10 * 9);
	fom_free(f);
	free(path);
}
END_TEST

static const char small_fom[] =
    OM_BEGIN OBJ_BEGIN CLS("A") CLS("B") CLS("C") OBJ_END OM_END;

/* The entries a merge into `f` copies (fom.h budget): classes, members,
 * dimensions, the datatypes with their enumerators, fields and
 * alternatives, and the warnings.  fom_new's model has the MIM's. */
static uint64_t
model_entries(const struct fom *f)
{
	uint64_t n = (uint64_t)f->n_oclasses + f->n_attrs + f->n_iclasses +
	    f->n_params + f->n_dims + f->n_datatypes + f->n_warnings;
	uint32_t i;

	for (i = 0; i < f->n_datatypes; i++) {
		const struct fom_datatype *t = &f->datatypes[i];
		if (t->kind == FOM_DT_ENUMERATED)
			n += t->u.enumerated.n_enumerators;
		else if (t->kind == FOM_DT_FIXED_RECORD)
			n += t->u.record.n_fields;
		else if (t->kind == FOM_DT_VARIANT_RECORD)
			n += t->u.variant.n_alternatives;
	}
	return n;
}

START_TEST(test_budget_limits)
{
	struct fom_budget b, before;
	struct fom *f = fom_new();
	struct fom_error err;
	size_t len = strlen(small_fom);
	uint64_t base = model_entries(f);
	char want[200];

	/* bytes: refused before parsing, nothing charged */
	fom_budget_init(&b);
	b.bytes = len - 1;
	before = b;
	ck_assert_int_eq(fom_load_string_budget(f, small_fom, len, "m.xml",
	    &b, &err), -1);
	ck_assert_ptr_nonnull(strstr(err.msg, "module larger than the"));
	ck_assert_ptr_nonnull(strstr(err.msg, "left in the budget"));
	ck_assert_uint_eq(b.bytes, before.bytes);
	ck_assert_uint_eq(b.nodes, before.nodes);
	ck_assert_uint_eq(b.modules, before.modules);
	ck_assert_uint_eq(f->n_modules, 0);

	/* nodes: 9 of the 10 the module has; charged what it read */
	fom_budget_init(&b);
	b.nodes = 9;
	ck_assert_int_eq(fom_load_string_budget(f, small_fom, len, "m.xml",
	    &b, &err), -1);
	ck_assert_str_eq(err.msg, "more XML nodes than the 9 left in the "
	    "budget of this create or join (limit)");
	ck_assert_int_eq(err.line, 7);
	ck_assert_uint_eq(b.nodes, 0);
	ck_assert_uint_eq(b.bytes, FOM_BUDGET_BYTES - len);
	ck_assert_uint_eq(b.modules, FOM_BUDGET_MODULES - 1);
	ck_assert_uint_eq(f->n_modules, 0);

	/* exactly enough: 10 nodes plus the entries of fom_new's model (3
	 * classes and members, the MIM's datatypes) */
	ck_assert_uint_eq(base, 3 + FOM_MIM_DATATYPES + 30 + 8);
	fom_budget_init(&b);
	b.nodes = 10 + base;
	ck_assert_msg(fom_load_string_budget(f, small_fom, len, "m.xml", &b,
	    &err) == 0, "%s", err.msg);
	ck_assert_uint_eq(b.nodes, 0);
	/* the next merge copies 3 entries more: refused, model unchanged */
	ck_assert_uint_eq(model_entries(f), base + 3);
	b.nodes = 10 + base + 2;
	ck_assert_int_eq(fom_load_string_budget(f, small_fom, len, "m.xml",
	    &b, &err), -1);
	snprintf(want, sizeof(want), "merging into a model of %llu entries "
	    "exceeds", (unsigned long long)base + 3);
	ck_assert_ptr_nonnull(strstr(err.msg, want));
	ck_assert_uint_eq(b.nodes, 0);
	ck_assert_uint_eq(f->n_modules, 1);

	/* modules */
	fom_budget_init(&b);
	b.modules = 2;
	ck_assert_int_eq(fom_load_string_budget(f, small_fom, len, "m.xml",
	    &b, &err), 0);
	ck_assert_int_eq(fom_load_string_budget(f, small_fom, len, "m.xml",
	    &b, &err), 0);
	ck_assert_int_eq(fom_load_string_budget(f, small_fom, len, "m.xml",
	    &b, &err), -1);
	ck_assert_ptr_nonnull(strstr(err.msg, "more modules than the budget"));
	ck_assert_uint_eq(f->n_modules, 3);
	/* no budget: only the per-module limits */
	ck_assert_int_eq(fom_load_string_budget(f, small_fom, len, "m.xml",
	    NULL, &err), 0);
	fom_free(f);
}
END_TEST

/* A module of many small elements: the per-module node limit binds, and
 * the budget of a create is charged for each of the modules. */
START_TEST(test_budget_many_modules)
{
	struct fom_budget b;
	struct fom *f = fom_new();
	struct fom_error err;
	const struct hostile h = { "", NULL, "<objectModel>", "<x/>",
	    FOM_MAX_NODES - 1, "", NULL, 0, OM_END, 0, NULL, 0, NULL, NULL, 0,
	    0, 0 };
	size_t len;
	char *doc = build(&h, &len);
	uint64_t base = model_entries(f);
	char want[200];
	int i;

	/* each costs 250000 nodes and the entries of the model merged into
	 * (which it does not grow): three fit in the default budget, the
	 * fourth does not */
	fom_budget_init(&b);
	for (i = 0; i < 3; i++)
		ck_assert_msg(fom_load_string_budget(f, doc, len, "big.xml",
		    &b, &err) == 0, "%d: %s", i, err.msg);
	ck_assert_uint_eq(model_entries(f), base);
	ck_assert_uint_eq(b.nodes, FOM_BUDGET_NODES - 3 * (FOM_MAX_NODES +
	    base));
	ck_assert_int_eq(fom_load_string_budget(f, doc, len, "big.xml", &b,
	    &err), -1);
	snprintf(want, sizeof(want), "more XML nodes than the %llu left in "
	    "the budget of this create or join (limit)",
	    (unsigned long long)(FOM_BUDGET_NODES - 3 * (FOM_MAX_NODES +
	    base)));
	ck_assert_str_eq(err.msg, want);
	ck_assert_uint_eq(b.nodes, 0);
	ck_assert_uint_eq(f->n_modules, 3);
	free(doc);
	fom_free(f);
}
END_TEST

/* Loads in several threads at once, as rtiexec's loader thread and a
 * librti application may: each parse's errors reach its own caller only
 * (libxml2 is used through per-context handlers, no global). */
struct thread_job {
	int k;
	int failures;
	char msg[sizeof(struct fom_error) + 16];
};

static const char *const thread_bad[] = {
	"<!DOCTYPE objectModel [<!ENTITY e \"x\">]><objectModel/>",
	"<objectModel>\n<a></b></objectModel>",
	"<objectModel>\n\n<a>\xc3\x28</a></objectModel>",
	"<other/>",
};

static const char *const thread_want[] = {
	"hostile.xml:1: entity declarations are not allowed",
	"hostile.xml:2: malformed XML: end tag does not match",
	"hostile.xml:3: invalid UTF-8",
	"hostile.xml:1: not an objectModel document",
};

static void *
thread_run(void *arg)
{
	struct thread_job *j = arg;
	const char *bad = thread_bad[j->k];
	struct fom_error err;
	char good[256], got[sizeof(struct fom_error) + 16], cls[16];
	int i;

	snprintf(cls, sizeof(cls), "T%d", j->k);
	snprintf(good, sizeof(good), OM_BEGIN OBJ_BEGIN "<objectClass><name>"
	    "%s</name></objectClass>" OBJ_END OM_END, cls);
	for (i = 0; i < 200; i++) {
		struct fom *f = fom_new();
		if (f == NULL || fom_load_string(f, good, strlen(good),
		    "good.xml", &err) != 0 ||
		    fom_oclass_by_name(f, cls) == 0) {
			j->failures++;
			snprintf(j->msg, sizeof(j->msg), "good: %s", err.msg);
		}
		if (f == NULL || fom_load_string(f, bad, strlen(bad),
		    "hostile.xml", &err) != -1) {
			j->failures++;
		} else {
			snprintf(got, sizeof(got), "%s:%d: %s", err.file,
			    err.line, err.msg);
			if (strncmp(got, thread_want[j->k],
			    strlen(thread_want[j->k])) != 0) {
				j->failures++;
				snprintf(j->msg, sizeof(j->msg), "%s", got);
			}
		}
		fom_free(f);
	}
	return NULL;
}

START_TEST(test_threads)
{
	struct thread_job job[4];
	pthread_t t[4];
	int k;

	for (k = 0; k < 4; k++) {
		memset(&job[k], 0, sizeof(job[k]));
		job[k].k = k;
		ck_assert_int_eq(pthread_create(&t[k], NULL, thread_run,
		    &job[k]), 0);
	}
	for (k = 0; k < 4; k++) {
		ck_assert_int_eq(pthread_join(t[k], NULL), 0);
		ck_assert_msg(job[k].failures == 0, "thread %d: %d failures, "
		    "last: %s", k, job[k].failures, job[k].msg);
	}
}
END_TEST

static Suite *
hostile_suite(void)
{
	Suite *s = suite_create("fom_hostile");
	TCase *tc;

	tc = tcase_create("hostile");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_hostile, 0,
	    (int)(sizeof(rows) / sizeof(rows[0])));
	tcase_add_test(tc, test_merge_scaffold);
	tcase_add_test(tc, test_hash_flooding);
	tcase_add_test(tc, test_local_files_not_read);
	tcase_add_test(tc, test_urls_not_fetched);
	tcase_add_test(tc, test_load_file_kinds);
	tcase_add_test(tc, test_threads);
	suite_add_tcase(s, tc);

	tc = tcase_create("budget");
	tcase_set_timeout(tc, 300);
	if (corpus_here("check_fom_hostile"))
		tcase_add_test(tc, test_budget_corpus);
	tcase_add_test(tc, test_budget_limits);
	tcase_add_test(tc, test_budget_many_modules);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(hostile_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
