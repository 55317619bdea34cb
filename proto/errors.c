/* SPDX-License-Identifier: Apache-2.0 */
/* errors.c - rti_strerror/rti_err_name from RTI_ERR_MAP. */
#include "config.h"

#include "librti.h"

RTI_API const char *
rti_strerror(int err)
{
	switch (err) {
#define RTI_ERR_STR_(name, msg) case RTI_ERR_##name: return msg;
	RTI_ERR_MAP(RTI_ERR_STR_)
#undef RTI_ERR_STR_
	}
	return "unknown error";
}

RTI_API const char *
rti_err_name(int err)
{
	/* The code a program compares with is spelt RTI_OK, not RTI_ERR_OK. */
	if (err == RTI_OK)
		return "RTI_OK";
	switch (err) {
#define RTI_ERR_NAME_(name, msg) case RTI_ERR_##name: return "RTI_ERR_" #name;
	RTI_ERR_MAP(RTI_ERR_NAME_)
#undef RTI_ERR_NAME_
	}
	return "RTI_ERR_UNKNOWN";
}
