// Builds the rack topology of a flow trace in ns-3: hosts -> ToR routers ->
// one core router, point-to-point links, one queue discipline per device.
#ifndef RACKWISE_NS3_NETWORK_H
#define RACKWISE_NS3_NETWORK_H

#include "trace.h"

#include "ns3/ipv4-address.h"
#include "ns3/node-container.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/ptr.h"
#include "ns3/queue-disc-container.h"

#include <string>
#include <vector>

namespace rackwise
{

// Everything the command line sets, with the documented defaults.
struct Settings
{
    std::string tracePath;
    std::string outPath;
    std::string linksPath;
    double bin = 0.01;           // s, link-bytes bin width
    std::string tcp = "newreno"; // newreno | cubic
    double rtoMin = 0.2;         // s, TCP retransmission timeout floor
    std::string queue = "droptail"; // droptail | fq
    uint64_t queueBytes = 131072;   // bytes per switch (ToR, core) port queue (128 KiB)
    std::string hostQueue;          // host NIC discipline; empty = same as queue
    uint64_t hostQueueBytes = 0;    // bytes per host NIC queue; 0 = same as queueBytes
    double delay = 10e-6;        // s, one-way propagation delay per link
    uint32_t seed = 1;           // ns-3 run number
    uint32_t mtu = 1500;         // bytes, IP MTU of every device
    double stopAfter = 600;      // s beyond the last flow start
    uint64_t bufBytes = 4194304; // TCP send and receive buffer per socket
};

struct Network
{
    ns3::NodeContainer hosts; // host n = node index n of the trace
    ns3::NodeContainer tors;  // one per rack
    ns3::NodeContainer core;  // one core router
    // Address of each host's only interface, for flows destined to it.
    std::vector<ns3::Ipv4Address> hostAddr;
    // The transmitting device of each link index (nic-up of n = n,
    // nic-down of n = N + n, rack-up of r = 2N + r, rack-down of r = 2N + R + r).
    std::vector<ns3::Ptr<ns3::PointToPointNetDevice>> linkDevice;
    // The root queue disc of each link's transmitting device, same indexing.
    std::vector<ns3::Ptr<ns3::QueueDisc>> linkQueue;
};

// Sets the ns-3 defaults (TCP, RNG) from the settings; call before building.
void ConfigureDefaults(const Settings& s);

// Builds nodes, links, addresses, queue discs and routes for the topology.
Network BuildNetwork(const Topology& topo, const Settings& s);

} // namespace rackwise

#endif
