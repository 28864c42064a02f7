// Flow applications (one BulkSend + one PacketSink per flow), completion
// times, and per-link transmitted-byte counters.
#ifndef RACKWISE_NS3_FLOWS_H
#define RACKWISE_NS3_FLOWS_H

#include "network.h"
#include "trace.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace rackwise
{

struct FlowResult
{
    uint64_t received = 0; // bytes the receiving application got
    double end = -1;       // simulated time of the last byte, -1 while open
};

// Installs the applications of every flow and tracks their completion.
// The simulation stops as soon as the last flow completes.
class FlowSet
{
  public:
    FlowSet(const Trace& trace, const Network& net);
    const std::vector<FlowResult>& Results() const { return m_results; }
    uint32_t Completed() const { return m_completed; }
    double LastStart() const { return m_lastStart; }

  private:
    static void OnRx(FlowSet* self, uint32_t index, uint64_t bytes);
    const Trace& m_trace;
    std::vector<FlowResult> m_results;
    uint32_t m_completed = 0;
    double m_lastStart = 0;
};

// Counts TCP payload bytes leaving each link's transmitting device, in
// fixed-width time bins (bin of the instant the packet starts on the wire).
class LinkCounter
{
  public:
    LinkCounter(const Network& net, double binSeconds);
    // Nonzero bins of one link, increasing: {bin index, bytes}.
    const std::vector<std::pair<uint64_t, uint64_t>>& Bins(uint32_t link);
    double BinSeconds() const { return m_bin; }

  private:
    struct Link
    {
        std::vector<std::pair<uint64_t, uint64_t>> bins;
    };
    static void OnTx(LinkCounter* self, uint32_t link, ns3::Ptr<const ns3::Packet> p);
    double m_bin;
    std::vector<Link> m_links;
};

} // namespace rackwise

#endif
