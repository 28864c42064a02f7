// Flow trace reader for rackwise-ns3.
//
// Reads the "rackwise flow trace 1" format written by the TypeScript side
// (see README.md): one `topology` line, then one `flow` line per flow.
// Every field is checked; a malformed line is refused with file, line number
// and field name so the recording side can be fixed rather than guessed at.
#ifndef RACKWISE_NS3_TRACE_H
#define RACKWISE_NS3_TRACE_H

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace rackwise
{

struct Topology
{
    uint32_t racks = 0;
    uint32_t nodesPerRack = 0;
    double nicBps = 0;          // every host NIC, both directions
    double rackUplinkBps = 0;   // ToR -> core
    double rackDownlinkBps = 0; // core -> ToR

    uint32_t Nodes() const { return racks * nodesPerRack; }
    uint32_t Links() const { return 2 * Nodes() + 2 * racks; }
};

struct FlowSpec
{
    int64_t id = 0;
    double start = 0;      // seconds
    uint32_t src = 0;      // host index
    uint32_t dst = 0;      // host index
    double bytes = 0;      // size the fluid model was asked to move
    std::string kind;      // input | shuffle | migration | output
    int64_t job = 0;
    int64_t task = 0;
    bool cancelled = false;
    double fluidEnd = 0;   // fluid model's end (not used for timing)
    double delivered = 0;  // fluid model's delivered bytes
    uint64_t sendBytes = 0; // what the packet simulation sends (>= 1)
    int lineNo = 0;
};

struct Trace
{
    Topology topology;
    std::vector<FlowSpec> flows; // in the order read
};

// A malformed input; what() reads "<file>:<line>: field <name>: <why>".
class TraceError : public std::runtime_error
{
  public:
    using std::runtime_error::runtime_error;
};

// Reads and validates a whole trace file. Throws TraceError.
Trace ReadTrace(const std::string& path);

} // namespace rackwise

#endif
