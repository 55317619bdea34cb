/* om.h - the OM module of rtiexec (see server.h for the module interface). */
#ifndef RTI_OM_H
#define RTI_OM_H

#include "server.h"

#endif
