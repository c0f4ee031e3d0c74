"""`geekout capture ...`: Geekmon Capture scoring and the card catalog on the host."""

import json

from ..capture import catalog as catalog_mod
from ..capture import scorefile


def register(sub):
    p = sub.add_parser("capture", help="Geekmon Capture: score a game, import the card catalog")
    csub = p.add_subparsers(dest="capture_command", metavar="ACTION", parser_class=type(p))
    csub.required = True

    s = csub.add_parser("score", help="score the end of a game from a score file (JSON)",
                        description="Score a Geekmon Capture game: every card's points, the "
                                    "totals and the winners (rulings C4-C10, C12, C13). "
                                    "Limits, checked before any scoring: "
                                    + scorefile.LIMITS + ".",
                        epilog="examples (the file format: docs/capture.md):\n"
                               "  geekout capture score game.json\n"
                               "  geekout capture score game.json --catalog cards.csv --json")
    s.add_argument("file", metavar="FILE",
                   help="score file (format: docs/capture.md), " + scorefile.LIMITS)
    s.add_argument("--catalog", nargs="?", const=str(catalog_mod.DEFAULT_OUT), default=None,
                   metavar="DATA",
                   help="fill fields a card leaves out from a catalog data file "
                        "(default file: the device catalog; at most {} KB)".format(
                            catalog_mod.MAX_DATA_BYTES // 1024))
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.set_defaults(func=run_score)

    c = csub.add_parser("catalog", help="the Geekmon card catalog")
    ccsub = c.add_subparsers(dest="catalog_command", metavar="ACTION", parser_class=type(p))
    ccsub.required = True
    imp = ccsub.add_parser("import", help="check a catalog CSV and write the device data file",
                           description="Check a catalog CSV row by row and write the data "
                                       "file the gadget reads. " + catalog_mod.LIMITS + ".",
                           epilog="example (--out: without it, the firmware's own data file):\n"
                                  "  geekout capture catalog import spreadsheet.csv --out cards.csv")
    imp.add_argument("file", metavar="FILE.csv", help="catalog typed in a spreadsheet, saved as "
                     "CSV (at most {} KB)".format(catalog_mod.MAX_CSV_BYTES // 1024))
    imp.add_argument("--out", default=str(catalog_mod.DEFAULT_OUT),
                     help="data file to write (default: the firmware's)")
    imp.add_argument("--json", action="store_true", help="print one JSON object")
    imp.set_defaults(func=run_import)
    return p


def run_score(args):
    catalog = None
    if args.catalog is not None:
        catalog = catalog_mod.load_data_file(args.catalog)
    result = scorefile.score_path(args.file, catalog)
    if args.json:
        print(json.dumps(result))
    else:
        print("\n".join(scorefile.text_report(result)))
    return 0


def run_import(args):
    cards = catalog_mod.import_catalog(args.file, args.out)
    if args.json:
        print(json.dumps({"cards": len(cards), "out": str(args.out)}))
    else:
        print("{} cards checked, written to {}".format(len(cards), args.out))
    return 0
