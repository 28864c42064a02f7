// Topology and transport configuration. Every departure from an ns-3 3.37
// default is set here, next to the reason it was needed.
#include "network.h"

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/net-device-container.h"
#include "ns3/nstime.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/queue-size.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/string.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <stdexcept>

using namespace ns3;

namespace rackwise
{

// IPv4 header (20) + TCP header (20) + timestamp option padded (12).
static const uint32_t kTcpIpOverhead = 52;

void
ConfigureDefaults(const Settings& s)
{
    // One fixed seed, the run number from --seed: the ns-3 way to get
    // independent, reproducible streams. Nothing in this model draws from
    // them today (TCP and drop-tail are deterministic); --seed also salts
    // the fq hash directly.
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(s.seed);

    if (s.tcp == "newreno")
    {
        Config::SetDefault("ns3::TcpL4Protocol::SocketType",
                           TypeIdValue(TypeId::LookupByName("ns3::TcpNewReno")));
    }
    else if (s.tcp == "cubic")
    {
        Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TypeId::LookupByName("ns3::TcpCubic")));
    }
    else
    {
        throw std::invalid_argument("--tcp must be newreno or cubic, got '" + s.tcp + "'");
    }
    // ns-3 default 536 B; full-size segments on the MTU (1448 B at 1500).
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(s.mtu - kTcpIpOverhead));
    // ns-3 default 2 with a 200 ms delayed-ACK timer: a fanned-in flow whose
    // window is one segment waits 200 ms for every ACK. ACK every segment.
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
    // ns-3 default 128 KiB each: the window, not the network, would limit
    // a flow (128 KiB / 100 us RTT is far above 1 Gbps, but not on deep queues).
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(s.bufBytes));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(s.bufBytes));
    // ns-3 default 6 retries each: under incast a flow would be aborted
    // silently after 6 timeouts. Never give up within the simulated horizon.
    Config::SetDefault("ns3::TcpSocket::DataRetries", UintegerValue(1000));
    Config::SetDefault("ns3::TcpSocket::ConnCount", UintegerValue(1000));
    // ns-3 default 3 s for a lost SYN; use the same floor as data timeouts so
    // a dropped SYN costs what a dropped data segment costs.
    Config::SetDefault("ns3::TcpSocket::ConnTimeout", TimeValue(Seconds(s.rtoMin)));
    // ns-3 default MinRto is 1 s (RFC 6298); Linux uses 200 ms, datacenter
    // stacks tuned for incast 1 ms or less.
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(Seconds(s.rtoMin)));
    // The RTO before the first RTT sample (ns-3 default 1 s) is also floored
    // at rtoMin: connections here are sampled at the handshake anyway.
    Config::SetDefault("ns3::RttEstimator::InitialEstimation", TimeValue(Seconds(s.rtoMin)));
    // Kept at ns-3 defaults and stated in the README: InitialCwnd 10,
    // ClockGranularity 1 ms, SACK on, timestamps on, window scaling on,
    // PRR recovery, no pacing, no ECN.
}

namespace
{

// One point-to-point link a -> b; returns {device on a, device on b}.
NetDeviceContainer
Connect(PointToPointHelper& p2p,
        Ptr<Node> a,
        Ptr<Node> b,
        double bpsAtoB,
        double bpsBtoA)
{
    NetDeviceContainer d = p2p.Install(a, b);
    // Each device transmits at its own rate, so the two directions of a
    // link may differ (rack uplink vs downlink).
    d.Get(0)->SetAttribute("DataRate", DataRateValue(DataRate(static_cast<uint64_t>(bpsAtoB))));
    d.Get(1)->SetAttribute("DataRate", DataRateValue(DataRate(static_cast<uint64_t>(bpsBtoA))));
    return d;
}

} // namespace

Network
BuildNetwork(const Topology& topo, const Settings& s)
{
    const uint32_t N = topo.Nodes();
    const uint32_t R = topo.racks;
    Network net;
    net.hosts.Create(N);
    net.tors.Create(R);
    net.core.Create(1);

    InternetStackHelper stack;
    stack.InstallAll();

    PointToPointHelper p2p;
    p2p.SetChannelAttribute("Delay", TimeValue(Seconds(s.delay)));
    p2p.SetDeviceAttribute("Mtu", UintegerValue(s.mtu));
    // The device's own queue holds one packet; the queue disc above it is
    // the real buffer (ns-3's flow control stops the disc while it is full).
    p2p.SetQueue("ns3::DropTailQueue", "MaxSize", QueueSizeValue(QueueSize("1p")));

    net.linkDevice.resize(topo.Links());
    net.hostAddr.resize(N);
    NetDeviceContainer all;
    Ipv4AddressHelper addr;
    addr.SetBase("10.0.0.0", "255.255.255.252");
    for (uint32_t n = 0; n < N; ++n)
    {
        Ptr<Node> tor = net.tors.Get(n / topo.nodesPerRack);
        NetDeviceContainer d = Connect(p2p, net.hosts.Get(n), tor, topo.nicBps, topo.nicBps);
        net.linkDevice[n] = DynamicCast<PointToPointNetDevice>(d.Get(0));     // nic-up
        net.linkDevice[N + n] = DynamicCast<PointToPointNetDevice>(d.Get(1)); // nic-down
        Ipv4InterfaceContainer ifs = addr.Assign(d);
        net.hostAddr[n] = ifs.GetAddress(0);
        addr.NewNetwork();
        all.Add(d);
    }
    for (uint32_t r = 0; r < R; ++r)
    {
        NetDeviceContainer d =
            Connect(p2p, net.tors.Get(r), net.core.Get(0), topo.rackUplinkBps, topo.rackDownlinkBps);
        net.linkDevice[2 * N + r] = DynamicCast<PointToPointNetDevice>(d.Get(0));     // rack-up
        net.linkDevice[2 * N + R + r] = DynamicCast<PointToPointNetDevice>(d.Get(1)); // rack-down
        addr.Assign(d);
        addr.NewNetwork();
        all.Add(d);
    }

    // Ipv4AddressHelper::Assign installs FqCoDel as the root queue disc of
    // every device (ns-3 >= 3.28 default). Remove it and install the
    // intended discipline explicitly.
    TrafficControlHelper().Uninstall(all);
    // Host NIC queues (nic-up) may be sized apart from switch ports: ns-3
    // has no TCP small queues, so a host drops its own packets where Linux
    // would hold them back in the socket.
    const uint64_t hostBytes = s.hostQueueBytes > 0 ? s.hostQueueBytes : s.queueBytes;
    const std::string hostQueue = s.hostQueue.empty() ? s.queue : s.hostQueue;
    QueueDiscContainer qdiscs;
    for (uint32_t i = 0; i < all.GetN(); ++i)
    {
        // `all` holds per host {nic-up, nic-down}, then per rack {rack-up, rack-down}.
        const bool hostNic = i < 2 * N && i % 2 == 0;
        const uint64_t bytes = hostNic ? hostBytes : s.queueBytes;
        const std::string& kind = hostNic ? hostQueue : s.queue;
        TrafficControlHelper tch;
        if (kind == "droptail")
        {
            // FIFO with tail drop, limited in bytes.
            tch.SetRootQueueDisc("ns3::FifoQueueDisc",
                                 "MaxSize", QueueSizeValue(QueueSize(std::to_string(bytes) + "B")));
        }
        else if (kind == "fq")
        {
            // Per-flow fair queueing (deficit round robin, quantum = one MTU,
            // over 65536 hash buckets of the 5-tuple, salted with --seed) with
            // CoDel's AQM effectively off (target 10 s is never reached): a
            // packet is dropped only when the shared limit overflows, and then
            // one packet from the longest flow queue. ns-3.37's FqCoDel
            // delivers nothing when its MaxSize is in bytes (measured), so the
            // limit is in packets: bytes / mtu, at least 2.
            const uint64_t packets = std::max<uint64_t>(2, bytes / s.mtu);
            tch.SetRootQueueDisc("ns3::FqCoDelQueueDisc",
                                 "MaxSize", QueueSizeValue(QueueSize(std::to_string(packets) + "p")),
                                 "Target", StringValue("10s"),
                                 "Interval", StringValue("100s"),
                                 "DropBatchSize", UintegerValue(1),
                                 "Flows", UintegerValue(65536),
                                 "Perturbation", UintegerValue(s.seed),
                                 "UseEcn", BooleanValue(false));
        }
        else
        {
            throw std::invalid_argument("queue discipline must be droptail or fq, got '" + kind +
                                        "'");
        }
        qdiscs.Add(tch.Install(all.Get(i)));
    }
    // qdiscs is in the order of `all`.
    net.linkQueue.resize(topo.Links());
    for (uint32_t n = 0; n < N; ++n)
    {
        net.linkQueue[n] = qdiscs.Get(2 * n);
        net.linkQueue[N + n] = qdiscs.Get(2 * n + 1);
    }
    for (uint32_t r = 0; r < R; ++r)
    {
        net.linkQueue[2 * N + r] = qdiscs.Get(2 * N + 2 * r);
        net.linkQueue[2 * N + R + r] = qdiscs.Get(2 * N + 2 * r + 1);
    }

    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    return net;
}

} // namespace rackwise
