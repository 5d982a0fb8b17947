"""What a C# ``using`` names, on a real repository through the real CLI: the repository's folder whose path
ends with the namespace's (``src/Acme.Shop/Services`` for ``Acme.Shop.Services``), never a folder whose
path the namespace merely ends with (the top-level ``Json`` folder is not ``Newtonsoft.Json``)."""

from __future__ import annotations

from gitrepo import commit_files

FILES = {
    "src/Acme.Shop/Program.cs": "using System.Text;\nusing Acme.Shop.Services;\nusing Acme.Shop;\n"
                                "using Newtonsoft.Json;\n\nnamespace Acme.Shop;\n\n"
                                "public static class Program { public static void Main() { new Billing(); } }\n",
    "src/Acme.Shop/Money.cs": "namespace Acme.Shop;\n\npublic record Money(decimal Amount);\n",
    "src/Acme.Shop/Services/Billing.cs": "namespace Acme.Shop.Services;\n\npublic class Billing {}\n",
    "src/Acme.Shop/Services/Invoice.cs": "namespace Acme.Shop.Services;\n\npublic class Invoice {}\n",
    "Json/Reader.cs": "namespace Tools.Json;\n\npublic class Reader {}\n",
    "Text/Encoder.cs": "namespace Tools.Text;\n\npublic class Encoder {}\n",
}


def test_a_using_names_the_folder_that_ends_with_its_namespace(tmp_path, cli):
    cli = cli.ingest_in(commit_files(tmp_path / "repo", FILES))
    rc, reply, err, _ = cli.run("query", "[:find ?d :where [:module/src-acme-shop-program-cs :depends-on ?d]]")
    assert rc == 0, err
    deps = {row[0] for row in reply["results"]}
    # its namespace's folder: every file of it (a namespace, like a Java package, is a folder of files)
    assert {":module/src-acme-shop-services-billing-cs", ":module/src-acme-shop-services-invoice-cs"} <= deps
    assert ":module/src-acme-shop-money-cs" in deps  # the project folder, named like its namespace
    # System.Text and Newtonsoft.Json are not the repository's Text/ and Json/ folders
    assert ":module/json-reader-cs" not in deps and ":module/text-encoder-cs" not in deps
    assert {":module/system", ":module/newtonsoft"} <= deps
