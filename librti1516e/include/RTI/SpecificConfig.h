// SPDX-License-Identifier: Apache-2.0
// RTI/SpecificConfig.h - platform settings of rti's IEEE 1516.1-2010 C++
// API (namespace rti1516e): export attributes and the language-level
// macros the other headers use.
//
//   RTI_EXPORT, RTI_EXPORT_FEDTIME  symbols of librti1516e and
//                                   libfedtime1516e (default visibility)
//   RTI_UNIQUE_PTR  std::auto_ptr before C++17 (as IEEE 1516.1-2010 has
//                   it), std::unique_ptr from C++17 (where auto_ptr is
//                   gone); one library serves both (see rti1516e(3), ABI)
//   RTI_NOEXCEPT    noexcept (throw() before C++11)
//   RTI_THROW(x)    empty: no declaration of the API carries a dynamic
//                   exception specification, so that an override may
//                   declare throw (FederateInternalError) before C++17,
//                   or nothing
#ifndef RTI_SpecificConfig_h
#define RTI_SpecificConfig_h

#include <memory>

#if defined(__GNUC__)
#define RTI_EXPORT __attribute__((visibility("default")))
#define RTI_EXPORT_FEDTIME __attribute__((visibility("default")))
#else
#define RTI_EXPORT
#define RTI_EXPORT_FEDTIME
#endif

#if __cplusplus >= 201703L
#define RTI_UNIQUE_PTR std::unique_ptr
#else
#define RTI_UNIQUE_PTR std::auto_ptr
#endif

#if __cplusplus >= 201103L
#define RTI_NOEXCEPT noexcept
#else
#define RTI_NOEXCEPT throw()
#endif

#define RTI_THROW(exceptions)

// rti's identification (also rti1516e::rtiName/rtiVersion, RTI1516.h)
#define RTI1516E_RTI_NAME "rti"

#endif // RTI_SpecificConfig_h
