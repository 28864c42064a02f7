// Flow trace reader: strict parsing of the "rackwise flow trace 1" format.
#include "trace.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

namespace rackwise
{
namespace
{

// Context of the line being parsed, for error messages.
struct Where
{
    const std::string& file;
    int line;

    [[noreturn]] void Fail(const std::string& field, const std::string& why) const
    {
        std::ostringstream os;
        os << file << ":" << line << ": field " << field << ": " << why;
        throw TraceError(os.str());
    }
};

std::vector<std::string>
SplitTabs(const std::string& s)
{
    std::vector<std::string> out;
    size_t from = 0;
    while (true)
    {
        size_t tab = s.find('\t', from);
        out.push_back(s.substr(from, tab == std::string::npos ? std::string::npos : tab - from));
        if (tab == std::string::npos)
        {
            return out;
        }
        from = tab + 1;
    }
}

double
ParseFloat(const Where& w, const std::string& field, const std::string& text)
{
    if (text.empty())
    {
        w.Fail(field, "empty");
    }
    errno = 0;
    char* end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || errno == ERANGE || !std::isfinite(v))
    {
        w.Fail(field, "not a finite number: '" + text + "'");
    }
    return v;
}

int64_t
ParseInt(const Where& w, const std::string& field, const std::string& text)
{
    if (text.empty())
    {
        w.Fail(field, "empty");
    }
    errno = 0;
    char* end = nullptr;
    long long v = std::strtoll(text.c_str(), &end, 10);
    if (end != text.c_str() + text.size() || errno == ERANGE)
    {
        w.Fail(field, "not an integer: '" + text + "'");
    }
    return v;
}

double
ParsePositive(const Where& w, const std::string& field, const std::string& text)
{
    double v = ParseFloat(w, field, text);
    if (v <= 0)
    {
        w.Fail(field, "must be > 0, got '" + text + "'");
    }
    return v;
}

uint32_t
ParseCount(const Where& w, const std::string& field, const std::string& text)
{
    int64_t v = ParseInt(w, field, text);
    if (v < 1 || v > 1000000)
    {
        w.Fail(field, "must be an integer in [1, 1000000], got '" + text + "'");
    }
    return static_cast<uint32_t>(v);
}

uint32_t
ParseNode(const Where& w, const std::string& field, const std::string& text, uint32_t nodes)
{
    int64_t v = ParseInt(w, field, text);
    if (v < 0 || v >= static_cast<int64_t>(nodes))
    {
        w.Fail(field, "node index out of range [0, " + std::to_string(nodes) + "): '" + text + "'");
    }
    return static_cast<uint32_t>(v);
}

} // namespace

Trace
ReadTrace(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
    {
        throw TraceError(path + ": cannot open for reading");
    }
    Trace trace;
    bool haveTopology = false;
    std::set<int64_t> ids;
    std::string raw;
    int lineNo = 0;
    while (std::getline(in, raw))
    {
        ++lineNo;
        if (!raw.empty() && raw.back() == '\r')
        {
            raw.pop_back();
        }
        if (raw.empty() || raw[0] == '#' ||
            raw.find_first_not_of(" \t") == std::string::npos)
        {
            continue;
        }
        Where w{path, lineNo};
        std::vector<std::string> f = SplitTabs(raw);
        if (f[0] == "topology")
        {
            if (haveTopology)
            {
                w.Fail("topology", "second topology line");
            }
            if (f.size() != 6)
            {
                w.Fail("topology", "expected 6 tab-separated fields, got " +
                                       std::to_string(f.size()));
            }
            Topology& t = trace.topology;
            t.racks = ParseCount(w, "racks", f[1]);
            t.nodesPerRack = ParseCount(w, "nodesPerRack", f[2]);
            t.nicBps = ParsePositive(w, "nicBitsPerSecond", f[3]);
            t.rackUplinkBps = ParsePositive(w, "rackUplinkBitsPerSecond", f[4]);
            t.rackDownlinkBps = ParsePositive(w, "rackDownlinkBitsPerSecond", f[5]);
            if (static_cast<uint64_t>(t.racks) * t.nodesPerRack > 1000000)
            {
                w.Fail("nodesPerRack", "more than 1000000 nodes");
            }
            haveTopology = true;
            continue;
        }
        if (f[0] != "flow")
        {
            w.Fail("record", "expected 'topology' or 'flow', got '" + f[0] + "'");
        }
        if (!haveTopology)
        {
            w.Fail("record", "flow line before the topology line");
        }
        if (f.size() != 13)
        {
            w.Fail("flow", "expected 13 tab-separated fields, got " + std::to_string(f.size()));
        }
        const uint32_t nodes = trace.topology.Nodes();
        FlowSpec fl;
        fl.lineNo = lineNo;
        fl.id = ParseInt(w, "id", f[1]);
        if (!ids.insert(fl.id).second)
        {
            w.Fail("id", "duplicate id " + f[1]);
        }
        fl.start = ParseFloat(w, "start", f[2]);
        if (fl.start < 0)
        {
            w.Fail("start", "negative start '" + f[2] + "'");
        }
        fl.src = ParseNode(w, "source", f[3], nodes);
        fl.dst = ParseNode(w, "destination", f[4], nodes);
        if (fl.src == fl.dst)
        {
            w.Fail("destination", "equals the source node " + f[3]);
        }
        fl.bytes = ParseFloat(w, "bytes", f[5]);
        if (fl.bytes < 0)
        {
            w.Fail("bytes", "negative '" + f[5] + "'");
        }
        fl.kind = f[6];
        if (fl.kind != "input" && fl.kind != "shuffle" && fl.kind != "migration" &&
            fl.kind != "output")
        {
            w.Fail("kind", "expected input|shuffle|migration|output, got '" + f[6] + "'");
        }
        fl.job = ParseInt(w, "job", f[7]);
        fl.task = ParseInt(w, "task", f[8]);
        if (f[9] == "done")
        {
            fl.cancelled = false;
        }
        else if (f[9] == "cancelled")
        {
            fl.cancelled = true;
        }
        else
        {
            w.Fail("status", "expected done|cancelled, got '" + f[9] + "'");
        }
        fl.fluidEnd = ParseFloat(w, "end", f[10]);
        fl.delivered = ParseFloat(w, "delivered", f[11]);
        if (fl.delivered < 0)
        {
            w.Fail("delivered", "negative '" + f[11] + "'");
        }
        // links: informational, but must be a list of valid link indices.
        const std::string& links = f[12];
        if (links.empty())
        {
            w.Fail("links", "empty");
        }
        std::stringstream ls(links);
        std::string item;
        while (std::getline(ls, item, ','))
        {
            int64_t li = ParseInt(w, "links", item);
            if (li < 0 || li >= static_cast<int64_t>(trace.topology.Links()))
            {
                w.Fail("links", "link index out of range [0, " +
                                    std::to_string(trace.topology.Links()) + "): '" + item + "'");
            }
        }
        if (links.back() == ',')
        {
            w.Fail("links", "trailing comma");
        }
        // A done flow sends its size; a cancelled one only what the fluid model
        // delivered before it was cancelled. At least one byte, so every flow has
        // a well-defined completion time.
        double amount = fl.cancelled ? fl.delivered : fl.bytes;
        double rounded = std::llround(amount);
        fl.sendBytes = rounded < 1 ? 1 : static_cast<uint64_t>(rounded);
        trace.flows.push_back(fl);
    }
    if (in.bad())
    {
        throw TraceError(path + ": read error");
    }
    if (!haveTopology)
    {
        throw TraceError(path + ":" + std::to_string(lineNo) + ": field topology: missing");
    }
    return trace;
}

} // namespace rackwise
