/**
 * The offset of the first character at which `text` stops being valid JSON (for error
 * messages: `JSON.parse` in Node 20 does not always say where), or −1 when it is valid.
 */
export function jsonFaultOffset(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail();
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      else if (text.charCodeAt(i) < 0x20) fail();
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 40));
    if (m === null) fail();
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') container('}', true);
    else if (c === '[') container(']', false);
    else if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else number();
  };
  const container = (close: string, keyed: boolean): void => {
    i++;
    ws();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      if (keyed) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
      }
      value();
      ws();
      if (text[i] === ',') i++;
      else if (text[i] === close) {
        i++;
        return;
      } else fail();
    }
  };
  try {
    value();
    ws();
    return i < text.length ? i : -1;
  } catch (at) {
    return at as number;
  }
}
