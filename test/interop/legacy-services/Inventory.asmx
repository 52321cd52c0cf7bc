<%@ WebService Language="C#" Class="Inventory" %>
// The Inventory service of ../../../../shared/wsdl-corpus (Inventory.wsdl),
// answering fixed values.
using System;
using System.Web.Services;

[WebService(Namespace = "urn:example:inventory", Description = "Stock levels and reservations")]
public class Inventory : WebService
{
    [WebMethod(Description = "Number of items in a category")]
    public int CountItems(string category) { return 5; }

    [WebMethod]
    public bool Reserve(int itemId, int quantity, bool urgent) { return true; }

    [WebMethod]
    public double Price(long sku) { return 4.5; }

    [WebMethod]
    public decimal Total(decimal amount, short count) { return amount; }

    [WebMethod]
    public DateTime NextDelivery(DateTime from) { return new DateTime(2026, 2, 1, 10, 0, 0); }

    [WebMethod]
    public void Restock(string sku, float weight) { }

    [WebMethod]
    public byte[] Thumbnail(int id) { return new byte[] { 1, 2, 7 }; }
}
