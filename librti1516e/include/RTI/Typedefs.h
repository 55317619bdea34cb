// SPDX-License-Identifier: Apache-2.0
// RTI/Typedefs.h - the collections and records of IEEE 1516.1-2010
// clause 12: handle sets, value maps, the pairs and records services and
// callbacks pass.
#ifndef RTI_Typedefs_h
#define RTI_Typedefs_h

#include <RTI/SpecificConfig.h>
#include <RTI/Enums.h>
#include <RTI/Handle.h>
#include <RTI/VariableLengthData.h>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace rti1516e
{
   typedef std::set<AttributeHandle> AttributeHandleSet;
   typedef std::set<ParameterHandle> ParameterHandleSet;
   typedef std::set<FederateHandle> FederateHandleSet;
   typedef std::set<DimensionHandle> DimensionHandleSet;
   typedef std::set<RegionHandle> RegionHandleSet;

   // Attribute values of an update or reflection, parameter values of an
   // interaction.
   typedef std::map<AttributeHandle, VariableLengthData>
      AttributeHandleValueMap;
   typedef std::map<ParameterHandle, VariableLengthData>
      ParameterHandleValueMap;

   // Attribute sets, each paired with the regions that apply to it.
   typedef std::pair<AttributeHandleSet, RegionHandleSet>
      AttributeHandleSetRegionHandleSetPair;
   typedef std::vector<AttributeHandleSetRegionHandleSetPair>
      AttributeHandleSetRegionHandleSetPairVector;

   typedef std::pair<FederateHandle, SaveStatus>
      FederateHandleSaveStatusPair;
   typedef std::vector<FederateHandleSaveStatusPair>
      FederateHandleSaveStatusPairVector;

   // A federate's handle before and after a restore, and its status.
   class RTI_EXPORT FederateRestoreStatus
   {
   public:
      FederateRestoreStatus (FederateHandle const & thePreHandle,
         FederateHandle const & thePostHandle, RestoreStatus theStatus)
         : preRestoreHandle (thePreHandle),
           postRestoreHandle (thePostHandle), status (theStatus) {}

      FederateHandle preRestoreHandle;
      FederateHandle postRestoreHandle;
      RestoreStatus status;
   };
   typedef std::vector<FederateRestoreStatus> FederateRestoreStatusVector;

   // One federation execution of reportFederationExecutions.
   class RTI_EXPORT FederationExecutionInformation
   {
   public:
      FederationExecutionInformation (
         std::wstring const & theFederationExecutionName,
         std::wstring const & theLogicalTimeImplementationName)
         : federationExecutionName (theFederationExecutionName),
           logicalTimeImplementationName (
              theLogicalTimeImplementationName) {}

      std::wstring federationExecutionName;
      std::wstring logicalTimeImplementationName;
   };
   typedef std::vector<FederationExecutionInformation>
      FederationExecutionInformationVector;

   // What comes with a reflection: the federate that sent it, and the
   // regions it was sent in, each when known.
   class RTI_EXPORT SupplementalReflectInfo
   {
   public:
      SupplementalReflectInfo ()
         : hasProducingFederate (false), hasSentRegions (false) {}
      SupplementalReflectInfo (FederateHandle const & theFederateHandle)
         : hasProducingFederate (true), hasSentRegions (false),
           producingFederate (theFederateHandle) {}
      SupplementalReflectInfo (RegionHandleSet const & theRegionHandleSet)
         : hasProducingFederate (false), hasSentRegions (true),
           sentRegions (theRegionHandleSet) {}
      SupplementalReflectInfo (FederateHandle const & theFederateHandle,
         RegionHandleSet const & theRegionHandleSet)
         : hasProducingFederate (true), hasSentRegions (true),
           producingFederate (theFederateHandle),
           sentRegions (theRegionHandleSet) {}

      bool hasProducingFederate;
      bool hasSentRegions;
      FederateHandle producingFederate;
      RegionHandleSet sentRegions;
   };

   // The same for an interaction.
   class RTI_EXPORT SupplementalReceiveInfo
   {
   public:
      SupplementalReceiveInfo ()
         : hasProducingFederate (false), hasSentRegions (false) {}
      SupplementalReceiveInfo (FederateHandle const & theFederateHandle)
         : hasProducingFederate (true), hasSentRegions (false),
           producingFederate (theFederateHandle) {}
      SupplementalReceiveInfo (RegionHandleSet const & theRegionHandleSet)
         : hasProducingFederate (false), hasSentRegions (true),
           sentRegions (theRegionHandleSet) {}
      SupplementalReceiveInfo (FederateHandle const & theFederateHandle,
         RegionHandleSet const & theRegionHandleSet)
         : hasProducingFederate (true), hasSentRegions (true),
           producingFederate (theFederateHandle),
           sentRegions (theRegionHandleSet) {}

      bool hasProducingFederate;
      bool hasSentRegions;
      FederateHandle producingFederate;
      RegionHandleSet sentRegions;
   };

   // What comes with the removal of an instance.
   class RTI_EXPORT SupplementalRemoveInfo
   {
   public:
      SupplementalRemoveInfo () : hasProducingFederate (false) {}
      SupplementalRemoveInfo (FederateHandle const & theFederateHandle)
         : hasProducingFederate (true),
           producingFederate (theFederateHandle) {}

      bool hasProducingFederate;
      FederateHandle producingFederate;
   };
}

#endif // RTI_Typedefs_h
