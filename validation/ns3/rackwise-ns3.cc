// rackwise-ns3: packet-level ground truth for rackwise's fluid flow model.
//
// Reads a flow trace recorded from a rackwise simulation (topology + flows
// with start, endpoints and size), replays every flow as one TCP connection
// in ns-3 on the same rack topology, and writes the time each flow's last
// byte reached the receiving application. Optionally writes the bytes every
// link carried per time bin. See README.md for formats and settings.
//
// Silent on success; errors go to stderr with a non-zero exit:
//   2  bad command line or malformed trace
//   3  some flow did not deliver all its bytes by the end of the simulation
//   4  output file could not be written
#include "flows.h"
#include "network.h"
#include "trace.h"

#include "ns3/command-line.h"
#include "ns3/queue-disc.h"
#include "ns3/simulator.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include <csignal>
#include <cstring>
#include <unistd.h>

using namespace ns3;
using namespace rackwise;

namespace
{

std::string
Num(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9f", v);
    return buf;
}

// Settings line for the output's comment header.
std::string
Describe(const Settings& s)
{
    std::ostringstream os;
    os << "# settings: tcp=" << s.tcp << " rtoMin=" << s.rtoMin << "s queue=" << s.queue
       << " queueBytes=" << s.queueBytes
       << " hostQueue=" << (s.hostQueue.empty() ? s.queue : s.hostQueue)
       << " hostQueueBytes=" << (s.hostQueueBytes ? s.hostQueueBytes : s.queueBytes)
       << " delay=" << s.delay << "s seed=" << s.seed
       << " mtu=" << s.mtu << " segment=" << (s.mtu - 52) << "B delAckCount=1"
       << " buffers=" << s.bufBytes << "B initialCwnd=10 stopAfter=" << s.stopAfter << "s\n";
    return os.str();
}

// Temporary output paths still open, removed if the run is interrupted.
// Fixed-size C strings so the signal handler needs no allocation.
char g_tmpPaths[2][4096];

extern "C" void
OnSignal(int sig)
{
    for (auto& p : g_tmpPaths)
    {
        if (p[0] != '\0')
        {
            unlink(p);
        }
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

// An output written to "<path>.tmp<pid>" and renamed over <path> only when
// complete, so a failed or interrupted run never leaves a partial file.
class Output
{
  public:
    explicit Output(const std::string& path)
        : m_path(path),
          m_tmp(path + ".tmp" + std::to_string(getpid())),
          m_stream(m_tmp)
    {
        for (auto& p : g_tmpPaths)
        {
            if (p[0] == '\0' && m_tmp.size() < sizeof p)
            {
                std::memcpy(p, m_tmp.c_str(), m_tmp.size() + 1);
                m_slot = p;
                break;
            }
        }
    }
    ~Output()
    {
        if (!m_done)
        {
            m_stream.close();
            std::remove(m_tmp.c_str());
        }
        if (m_slot)
        {
            m_slot[0] = '\0';
        }
    }
    bool Opened() const { return m_stream.is_open(); }
    std::ofstream& Stream() { return m_stream; }
    // Closes and renames into place; false on any write error.
    bool Commit()
    {
        m_stream.close();
        if (!m_stream || std::rename(m_tmp.c_str(), m_path.c_str()) != 0)
        {
            return false;
        }
        m_done = true;
        return true;
    }
    const std::string& Path() const { return m_path; }

  private:
    std::string m_path;
    std::string m_tmp;
    std::ofstream m_stream;
    bool m_done = false;
    char* m_slot = nullptr;
};

void
Validate(const Settings& s)
{
    auto bad = [](const std::string& why) { throw std::invalid_argument(why); };
    if (s.tracePath.empty())
    {
        bad("--trace=<file> is required");
    }
    if (s.outPath.empty())
    {
        bad("--out=<file> is required");
    }
    if (s.queue != "droptail" && s.queue != "fq")
    {
        bad("--queue must be droptail or fq, got '" + s.queue + "'");
    }
    if (!s.hostQueue.empty() && s.hostQueue != "droptail" && s.hostQueue != "fq")
    {
        bad("--hostQueue must be droptail or fq, got '" + s.hostQueue + "'");
    }
    if (s.tcp != "newreno" && s.tcp != "cubic")
    {
        bad("--tcp must be newreno or cubic, got '" + s.tcp + "'");
    }
    if (!(s.bin > 0))
    {
        bad("--bin must be > 0");
    }
    if (!(s.rtoMin > 0))
    {
        bad("--rtoMin must be > 0");
    }
    if (!(s.delay >= 0))
    {
        bad("--delay must be >= 0");
    }
    if (s.mtu < 576 || s.mtu > 65535)
    {
        bad("--mtu must be in [576, 65535]");
    }
    if (s.queueBytes < s.mtu || (s.hostQueueBytes > 0 && s.hostQueueBytes < s.mtu))
    {
        bad("--queueBytes and --hostQueueBytes must hold at least one MTU");
    }
    if (!(s.stopAfter > 0))
    {
        bad("--stopAfter must be > 0");
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    Settings s;
    CommandLine cmd(__FILE__);
    cmd.Usage("Times the flows of a rackwise flow trace with TCP in ns-3.");
    cmd.AddValue("trace", "input flow trace (rackwise flow trace 1)", s.tracePath);
    cmd.AddValue("out", "output flow times (rackwise flow times 1)", s.outPath);
    cmd.AddValue("links", "optional output: TCP payload bytes per link per bin", s.linksPath);
    cmd.AddValue("bin", "bin width of --links, seconds", s.bin);
    cmd.AddValue("tcp", "congestion control: newreno|cubic", s.tcp);
    cmd.AddValue("rtoMin", "TCP minimum retransmission timeout, seconds", s.rtoMin);
    cmd.AddValue("queue", "queue discipline of switch ports (and host NICs): droptail|fq", s.queue);
    cmd.AddValue("queueBytes", "buffer of every switch port (ToR, core), bytes", s.queueBytes);
    cmd.AddValue("hostQueue", "discipline of every host NIC: droptail|fq (default: --queue)",
                 s.hostQueue);
    cmd.AddValue("hostQueueBytes", "buffer of every host NIC, bytes (0: = queueBytes)",
                 s.hostQueueBytes);
    cmd.AddValue("delay", "one-way propagation delay of every link, seconds", s.delay);
    cmd.AddValue("seed", "ns-3 run number (RngSeedManager::SetRun)", s.seed);
    cmd.AddValue("mtu", "IP MTU of every device, bytes (segment = mtu - 52)", s.mtu);
    cmd.AddValue("stopAfter", "safety stop, seconds beyond the last flow start", s.stopAfter);
    cmd.AddValue("sockBuf", "TCP send and receive buffer per socket, bytes", s.bufBytes);
    cmd.Parse(argc, argv);

    Trace trace;
    try
    {
        Validate(s);
        trace = ReadTrace(s.tracePath);
        ConfigureDefaults(s);
    }
    catch (const std::exception& e)
    {
        std::cerr << "rackwise-ns3: " << e.what() << "\n";
        return 2;
    }

    signal(SIGINT, OnSignal);
    signal(SIGTERM, OnSignal);
    signal(SIGHUP, OnSignal);
    // Open the outputs before simulating, so an unwritable path fails fast.
    Output out(s.outPath);
    std::unique_ptr<Output> linksOut;
    if (!s.linksPath.empty())
    {
        linksOut = std::make_unique<Output>(s.linksPath);
    }
    if (!out.Opened() || (linksOut && !linksOut->Opened()))
    {
        std::cerr << "rackwise-ns3: cannot write "
                  << (out.Opened() ? s.linksPath : s.outPath) << "\n";
        return 4;
    }

    auto wall0 = std::chrono::steady_clock::now();
    Network net = BuildNetwork(trace.topology, s);
    std::unique_ptr<FlowSet> flows;
    try
    {
        flows = std::make_unique<FlowSet>(trace, net);
    }
    catch (const std::exception& e)
    {
        std::cerr << "rackwise-ns3: " << e.what() << "\n";
        return 2;
    }
    std::unique_ptr<LinkCounter> links;
    if (!s.linksPath.empty())
    {
        links = std::make_unique<LinkCounter>(net, s.bin);
    }

    const double horizon = flows->LastStart() + s.stopAfter;
    Simulator::Stop(Seconds(horizon));
    Simulator::Run();
    const double simEnd = Simulator::Now().GetSeconds();
    const uint64_t events = Simulator::GetEventCount();
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();

    // Every flow must have delivered all its bytes; never write partial results.
    const auto& res = flows->Results();
    uint32_t missing = 0;
    for (uint32_t i = 0; i < res.size(); ++i)
    {
        const FlowSpec& f = trace.flows[i];
        if (res[i].end < 0)
        {
            if (missing++ < 50)
            {
                std::cerr << "rackwise-ns3: flow " << f.id << " (line " << f.lineNo << ", "
                          << f.src << "->" << f.dst << ", start " << f.start << " s) delivered "
                          << res[i].received << " of " << f.sendBytes << " bytes by t="
                          << simEnd << " s\n";
            }
        }
    }
    if (missing > 0)
    {
        std::cerr << "rackwise-ns3: " << missing << " of " << res.size()
                  << " flows incomplete (raise --stopAfter?); no output written\n";
        Simulator::Destroy();
        return 3;
    }

    // Packets dropped by the queue discs, in total and by kind of link.
    uint64_t dropPackets = 0;
    uint64_t dropBytes = 0;
    uint64_t dropsByKind[4] = {0, 0, 0, 0}; // nic-up, nic-down, rack-up, rack-down
    const uint32_t N = trace.topology.Nodes();
    const uint32_t R = trace.topology.racks;
    for (uint32_t l = 0; l < net.linkQueue.size(); ++l)
    {
        const QueueDisc::Stats& st = net.linkQueue[l]->GetStats();
        dropPackets += st.nTotalDroppedPackets;
        dropBytes += st.nTotalDroppedBytes;
        uint32_t kind = l < N ? 0 : l < 2 * N ? 1 : l < 2 * N + R ? 2 : 3;
        dropsByKind[kind] += st.nTotalDroppedPackets;
    }
    uint64_t totalBytes = 0;
    for (const FlowSpec& f : trace.flows)
    {
        totalBytes += f.sendBytes;
    }

    std::ofstream& os = out.Stream();
    os << "# rackwise flow times 1\n";
    os << "# source: " << s.tracePath << "\n";
    os << Describe(s);
    os << "# topology: racks=" << trace.topology.racks
       << " nodesPerRack=" << trace.topology.nodesPerRack
       << " nicBps=" << trace.topology.nicBps << " rackUpBps=" << trace.topology.rackUplinkBps
       << " rackDownBps=" << trace.topology.rackDownlinkBps << "\n";
    os << "# flows=" << res.size() << " bytes=" << totalBytes << " simulatedEnd=" << Num(simEnd)
       << "s wallSeconds=" << wall << " events=" << events
       << " queueDrops=" << dropPackets << " packets (" << dropBytes << " bytes)\n";
    os << "# queueDrops by link: nic-up=" << dropsByKind[0] << " nic-down=" << dropsByKind[1]
       << " rack-up=" << dropsByKind[2] << " rack-down=" << dropsByKind[3] << "\n";
    os << "# columns: id\tstart s\tend s\tbytes delivered\n";
    for (uint32_t i = 0; i < res.size(); ++i)
    {
        const FlowSpec& f = trace.flows[i];
        os << f.id << "\t" << Num(f.start) << "\t" << Num(res[i].end) << "\t" << res[i].received
           << "\n";
    }
    if (links)
    {
        std::ofstream& lo = linksOut->Stream();
        lo << "# rackwise link bytes 1\n";
        lo << "# bytes = TCP payload of the IP packets a link's transmitting device starts "
              "sending in the bin (retransmissions included; IP, TCP and PPP headers and "
              "pure ACKs excluded)\n";
        lo << "# bin=" << s.bin << "s; link index: nic-up of node n = n, nic-down = N + n, "
              "rack-up of rack r = 2N + r, rack-down = 2N + R + r (N="
           << trace.topology.Nodes() << ", R=" << trace.topology.racks << ")\n";
        for (uint32_t l = 0; l < net.linkDevice.size(); ++l)
        {
            for (const auto& b : links->Bins(l))
            {
                lo << l << "\t" << Num(b.first * s.bin) << "\t" << b.second << "\n";
            }
        }
        if (!linksOut->Commit())
        {
            std::cerr << "rackwise-ns3: cannot write " << s.linksPath << "\n";
            Simulator::Destroy();
            return 4;
        }
    }
    // The flow times last: their presence means the whole run succeeded.
    if (!out.Commit())
    {
        std::cerr << "rackwise-ns3: cannot write " << s.outPath << "\n";
        Simulator::Destroy();
        return 4;
    }
    Simulator::Destroy();
    return 0;
}
