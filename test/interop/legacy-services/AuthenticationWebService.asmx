<%@ WebService Language="C#" Class="AuthenticationWebService" %>
// The 20-operation service of ../../../spec, as the legacy ASMX service
// declares it. Every operation appends one JSON line to the file named by the
// ASMX_HOST_CALL_LOG environment variable: the operation, the transport, the
// requestJson value (null, or base64 of its UTF-8 bytes, so "" and null differ
// and CR, LF and characters outside the BMP survive) and any uploaded files.
// A requestJson of "throw:MESSAGE" makes the operation throw
// InvalidOperationException(MESSAGE) after logging, to show how errors travel.
using System;
using System.IO;
using System.Text;
using System.Web;
using System.Web.Services;
using System.Xml;

[WebService(Namespace = "App.WebService")]
public class AuthenticationWebService : WebService
{
    [WebMethod]
    public void SocAuthorize(string requestJson) { CallLog.Record("SocAuthorize", requestJson); }

    [WebMethod]
    public void AuthenticateSocAndApp(string requestJson) { CallLog.Record("AuthenticateSocAndApp", requestJson); }

    [WebMethod]
    public void RegisterByMobilePhoneSend(string requestJson) { CallLog.Record("RegisterByMobilePhoneSend", requestJson); }

    [WebMethod]
    public void RegisterByMobilePhone(string requestJson) { CallLog.Record("RegisterByMobilePhone", requestJson); }

    [WebMethod]
    public void Authenticate(string requestJson) { CallLog.Record("Authenticate", requestJson); }

    [WebMethod]
    public void SocAuthentication(string requestJson) { CallLog.Record("SocAuthentication", requestJson); }

    [WebMethod]
    public void BindMobilePhoneSend(string requestJson) { CallLog.Record("BindMobilePhoneSend", requestJson); }

    [WebMethod]
    public void BindMobilePhoneCheck(string requestJson) { CallLog.Record("BindMobilePhoneCheck", requestJson); }

    [WebMethod]
    public void LoginByMobilePhone(string requestJson) { CallLog.Record("LoginByMobilePhone", requestJson); }

    [WebMethod]
    public void LoginByMobilePhoneCheck(string requestJson) { CallLog.Record("LoginByMobilePhoneCheck", requestJson); }

    [WebMethod]
    public void AuthenticationBySocial(string requestJson) { CallLog.Record("AuthenticationBySocial", requestJson); }

    [WebMethod]
    public void GetPhoneNumberByUni(string requestJson) { CallLog.Record("GetPhoneNumberByUni", requestJson); }

    [WebMethod]
    public void GetSocialMobilePhone(string requestJson) { CallLog.Record("GetSocialMobilePhone", requestJson); }

    [WebMethod]
    public void LoginByMobilePhoneOnetouch(string requestJson) { CallLog.Record("LoginByMobilePhoneOnetouch", requestJson); }

    [WebMethod]
    public void LoginOut(string requestJson) { CallLog.Record("LoginOut", requestJson); }

    [WebMethod]
    public void GetTerm(string requestJson) { CallLog.Record("GetTerm", requestJson); }

    [WebMethod]
    public void FindPwdByMobilePhone(string requestJson) { CallLog.Record("FindPwdByMobilePhone", requestJson); }

    [WebMethod]
    public void FindPwdByMobilePhoneSend(string requestJson) { CallLog.Record("FindPwdByMobilePhoneSend", requestJson); }

    [WebMethod]
    public void FindPwdByMobilePhoneCheck(string requestJson) { CallLog.Record("FindPwdByMobilePhoneCheck", requestJson); }

    [WebMethod]
    public void UploadImage() { CallLog.Record("UploadImage", null); }
}

static class CallLog
{
    static readonly object writing = new object();

    public static void Record(string operation, string requestJson)
    {
        string path = Environment.GetEnvironmentVariable("ASMX_HOST_CALL_LOG");
        if (!string.IsNullOrEmpty(path)) Append(path, operation, requestJson);
        if (requestJson != null && requestJson.StartsWith("throw:", StringComparison.Ordinal))
            throw new InvalidOperationException(requestJson.Substring("throw:".Length));
    }

    static void Append(string path, string operation, string requestJson)
    {
        HttpRequest request = HttpContext.Current.Request;
        var line = new StringBuilder();
        line.Append("{\"operation\":\"").Append(operation).Append("\",\"transport\":\"").Append(Transport(request));
        line.Append("\",\"requestJson\":").Append(requestJson == null ? "null" : Quoted(requestJson));
        line.Append(",\"files\":[");
        for (int i = 0; i < request.Files.Count; i++)
        {
            HttpPostedFile file = request.Files[i];
            var data = new byte[file.ContentLength];
            file.InputStream.Read(data, 0, data.Length);
            if (i > 0) line.Append(',');
            line.Append("{\"field\":").Append(Quoted(request.Files.GetKey(i)));
            line.Append(",\"filename\":").Append(Quoted(file.FileName));
            line.Append(",\"contentType\":").Append(Quoted(file.ContentType));
            line.Append(",\"data\":\"").Append(Convert.ToBase64String(data)).Append("\"}");
        }
        line.Append("]}\n");
        lock (writing) File.AppendAllText(path, line.ToString());
    }

    static string Quoted(string value)
    {
        return "\"" + Convert.ToBase64String(Encoding.UTF8.GetBytes(value)) + "\"";
    }

    // httpGet / httpPost by the path info; for SOAP the envelope's namespace.
    static string Transport(HttpRequest request)
    {
        if (request.PathInfo.Length > 0) return request.HttpMethod == "GET" ? "httpGet" : "httpPost";
        try
        {
            Stream body = request.InputStream;
            body.Position = 0;
            using (XmlReader reader = XmlReader.Create(body))
            {
                reader.MoveToContent();
                return reader.NamespaceURI == "http://www.w3.org/2003/05/soap-envelope" ? "soap12" : "soap11";
            }
        }
        catch (Exception)
        {
            return "soap";
        }
    }
}
