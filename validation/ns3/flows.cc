// Flow applications and measurement hooks.
#include "flows.h"

#include "ns3/address.h"
#include "ns3/application-container.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/callback.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet.h"
#include "ns3/ppp-header.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <stdexcept>

using namespace ns3;

namespace rackwise
{

// Ports of a destination host: one listening port per flow to it.
static const uint32_t kFirstPort = 1024;

FlowSet::FlowSet(const Trace& trace, const Network& net)
    : m_trace(trace),
      m_results(trace.flows.size())
{
    std::vector<uint32_t> nextPort(trace.topology.Nodes(), kFirstPort);
    for (uint32_t i = 0; i < trace.flows.size(); ++i)
    {
        const FlowSpec& f = trace.flows[i];
        uint32_t port = nextPort[f.dst]++;
        if (port > 65535)
        {
            throw std::runtime_error("more than " + std::to_string(65536 - kFirstPort) +
                                     " flows to node " + std::to_string(f.dst) +
                                     ": out of TCP ports");
        }
        // Receiver: a sink listening from time 0, counting the bytes the
        // application reads.
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer rx = sink.Install(net.hosts.Get(f.dst));
        rx.Start(Seconds(0));
        // The sink's Rx trace carries (packet, from); bind the flow index.
        Callback<void, Ptr<const Packet>, const Address&> cb(
            [this, i](Ptr<const Packet> p, const Address&) { OnRx(this, i, p->GetSize()); });
        rx.Get(0)->TraceConnectWithoutContext("Rx", cb);

        // Sender: connects at the flow's start and sends exactly sendBytes,
        // then closes. Connection setup is part of the measured time.
        BulkSendHelper tx("ns3::TcpSocketFactory", InetSocketAddress(net.hostAddr[f.dst], port));
        tx.SetAttribute("MaxBytes", UintegerValue(f.sendBytes));
        // Application writes of 64 KiB (ns-3 default 512 B) only cut the
        // number of send calls; TCP segments the buffer the same way.
        tx.SetAttribute("SendSize", UintegerValue(65536));
        ApplicationContainer app = tx.Install(net.hosts.Get(f.src));
        app.Start(Seconds(f.start));
        m_lastStart = std::max(m_lastStart, f.start);
    }
}

void
FlowSet::OnRx(FlowSet* self, uint32_t index, uint64_t bytes)
{
    FlowResult& r = self->m_results[index];
    r.received += bytes;
    if (r.end < 0 && r.received >= self->m_trace.flows[index].sendBytes)
    {
        r.end = Simulator::Now().GetSeconds();
        if (++self->m_completed == self->m_results.size())
        {
            Simulator::Stop();
        }
    }
}

LinkCounter::LinkCounter(const Network& net, double binSeconds)
    : m_bin(binSeconds),
      m_links(net.linkDevice.size())
{
    for (uint32_t l = 0; l < net.linkDevice.size(); ++l)
    {
        Callback<void, Ptr<const Packet>> cb(
            [this, l](Ptr<const Packet> p) { OnTx(this, l, p); });
        net.linkDevice[l]->TraceConnectWithoutContext("PhyTxBegin", cb);
    }
}

void
LinkCounter::OnTx(LinkCounter* self, uint32_t link, Ptr<const Packet> p)
{
    // The packet on the wire: PPP header, IPv4 header, TCP header, payload.
    // Count the TCP payload only (application bytes, retransmissions
    // included), the quantity the fluid model moves over a link.
    Ptr<Packet> q = p->Copy();
    PppHeader ppp;
    q->RemoveHeader(ppp);
    Ipv4Header ip;
    q->RemoveHeader(ip);
    if (ip.GetProtocol() != 6)
    {
        return;
    }
    TcpHeader tcp;
    q->RemoveHeader(tcp);
    uint64_t payload = q->GetSize();
    if (payload == 0)
    {
        return;
    }
    uint64_t bin = static_cast<uint64_t>(std::floor(Simulator::Now().GetSeconds() / self->m_bin));
    auto& bins = self->m_links[link].bins;
    if (!bins.empty() && bins.back().first == bin)
    {
        bins.back().second += payload;
    }
    else
    {
        bins.emplace_back(bin, payload);
    }
}

const std::vector<std::pair<uint64_t, uint64_t>>&
LinkCounter::Bins(uint32_t link)
{
    return m_links[link].bins;
}

} // namespace rackwise
