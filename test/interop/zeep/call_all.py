"""Calls every operation of the SOAP 1.1 and SOAP 1.2 ports of a served WSDL with zeep.

Usage: /usr/bin/python3 call_all.py WSDL_URL VALUES_JSON
VALUES_JSON is a JSON list of strings; each operation with a `requestJson`
parameter is called once per value, parameterless ones once. Prints one JSON
line per call: {"port": ..., "operation": ..., "value": ..., "ok": bool, "error": ...}.
"""
import json
import sys

import zeep


def main() -> int:
    wsdl_url, values = sys.argv[1], json.loads(sys.argv[2])
    client = zeep.Client(wsdl_url)
    service_name = next(iter(client.wsdl.services))
    failures = 0
    for port_name in (f"{service_name}Soap", f"{service_name}Soap12"):
        service = client.bind(service_name, port_name)
        operations = client.wsdl.services[service_name].ports[port_name].binding._operations
        for name in operations:
            takes_value = bool(operations[name].input.body.type.elements)
            for value in values if takes_value else [None]:
                try:
                    if takes_value:
                        getattr(service, name)(requestJson=value)
                    else:
                        getattr(service, name)()
                    print(json.dumps({"port": port_name, "operation": name, "value": value, "ok": True}))
                except Exception as error:  # reported, not raised: the test asserts on every line
                    failures += 1
                    print(json.dumps({"port": port_name, "operation": name, "value": value, "ok": False,
                                      "error": f"{type(error).__name__}: {error}"}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
