import type { LibraryEntry } from '../fault-library.ts';

/** Dongle faults of the seeded library: [message, fix advice] per language. */
export const DONGLE_FAULTS: LibraryEntry[] = [
  {
    faultCode: 'DGL-OFFLINE',
    deviceType: 'DONGLE',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '数据采集器离线',
        '检查采集器是否通电、路由器是否工作、Wi-Fi 密码是否更改；必要时重新配网。离线期间数据会在采集器中缓存并在恢复后补传。',
      ],
      'en-GB': [
        'Dongle offline',
        'Check that the dongle has power, the router works and the Wi-Fi password has not changed; pair it again if needed. Data is buffered on the dongle and sent once it is back online.',
      ],
      'de-DE': [
        'Dongle offline',
        'Prüfen, ob der Dongle Strom hat, der Router läuft und das WLAN-Passwort unverändert ist; bei Bedarf neu koppeln. Daten werden im Dongle gepuffert und nach der Wiederverbindung nachgesendet.',
      ],
      'it-IT': [
        'Dongle offline',
        'Verificare che il dongle sia alimentato, il router funzioni e la password Wi-Fi non sia cambiata; se serve, riassociarlo. I dati restano nel dongle e vengono inviati al ritorno online.',
      ],
      'nl-NL': [
        'Dongle offline',
        'Controleer of de dongle stroom heeft, de router werkt en het wifi-wachtwoord niet is gewijzigd; koppel hem zo nodig opnieuw. Data wordt in de dongle gebufferd en verstuurd zodra hij weer online is.',
      ],
      'fr-FR': [
        'Dongle hors ligne',
        'Vérifier que le dongle est alimenté, que le routeur fonctionne et que le mot de passe Wi-Fi n’a pas changé ; le réappairer si besoin. Les données sont conservées dans le dongle et envoyées à son retour en ligne.',
      ],
      'es-ES': [
        'Dongle desconectado',
        'Comprobar que el dongle tiene alimentación, que el router funciona y que la contraseña Wi-Fi no ha cambiado; volver a emparejarlo si hace falta. Los datos se guardan en el dongle y se envían al volver la conexión.',
      ],
      'pl-PL': [
        'Dongle offline',
        'Sprawdź, czy dongle ma zasilanie, router działa, a hasło Wi-Fi nie zostało zmienione; w razie potrzeby sparuj go ponownie. Dane są buforowane w donglu i wysyłane po powrocie połączenia.',
      ],
    },
  },
  {
    // Raised by ingest, not the dongle: more messages, readings or events in a minute than its limits
    // (DONGLE_LIMITS_PER_MINUTE, docs/protocol.md "Limits").
    faultCode: 'DGL-FLOOD',
    deviceType: 'DONGLE',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '采集器发送数据过多',
        '采集器一分钟内发送的消息、数据点或故障事件超过了任何采集器所需的数量，云端已丢弃多余部分。通常是固件陷入循环，或补传缓存数据时没有限速：请重启采集器并升级固件。采集器连续 10 分钟未超限后，告警自动结束。',
      ],
      'en-GB': [
        'Dongle sending too much data',
        'In one minute the dongle sent more messages, readings or fault events than any dongle needs, and the cloud dropped the rest. Usually its firmware is stuck in a loop or uploads its buffered data without pausing: restart the dongle and update its firmware. The alarm ends by itself once the dongle has stayed within its limits for 10 minutes.',
      ],
      'de-DE': [
        'Dongle sendet zu viele Daten',
        'Der Dongle hat in einer Minute mehr Nachrichten, Messwerte oder Störungsmeldungen gesendet, als ein Dongle je braucht; die Cloud hat den Rest verworfen. Meist hängt die Firmware in einer Schleife oder lädt gepufferte Daten ohne Pause hoch: Dongle neu starten und die Firmware aktualisieren. Der Alarm endet von selbst, sobald der Dongle 10 Minuten lang innerhalb seiner Grenzen bleibt.',
      ],
      'it-IT': [
        'Il dongle invia troppi dati',
        'In un minuto il dongle ha inviato più messaggi, letture o eventi di guasto di quanti ne servano a qualsiasi dongle, e il cloud ha scartato il resto. Di solito il firmware è bloccato in un ciclo o invia i dati memorizzati senza pause: riavviare il dongle e aggiornarne il firmware. L’allarme termina da solo quando il dongle resta entro i suoi limiti per 10 minuti.',
      ],
      'nl-NL': [
        'Dongle verstuurt te veel data',
        'De dongle heeft in één minuut meer berichten, metingen of storingsmeldingen verstuurd dan een dongle ooit nodig heeft, en de cloud heeft de rest genegeerd. Meestal zit de firmware in een lus of uploadt hij gebufferde data zonder pauze: herstart de dongle en werk de firmware bij. Het alarm eindigt vanzelf zodra de dongle 10 minuten binnen zijn limieten blijft.',
      ],
      'fr-FR': [
        'Le dongle envoie trop de données',
        'En une minute, le dongle a envoyé plus de messages, de mesures ou d’événements de défaut qu’aucun dongle n’en a besoin, et le cloud a ignoré le reste. En général, le micrologiciel tourne en boucle ou renvoie ses données en mémoire sans pause : redémarrer le dongle et mettre à jour son micrologiciel. L’alarme se termine d’elle-même quand le dongle reste dans ses limites pendant 10 minutes.',
      ],
      'es-ES': [
        'El dongle envía demasiados datos',
        'En un minuto el dongle ha enviado más mensajes, lecturas o eventos de fallo de los que necesita cualquier dongle, y la nube ha descartado el resto. Normalmente el firmware está atascado en un bucle o reenvía los datos guardados sin pausa: reiniciar el dongle y actualizar su firmware. La alarma termina sola cuando el dongle se mantiene dentro de sus límites durante 10 minutos.',
      ],
      'pl-PL': [
        'Dongle wysyła za dużo danych',
        'W ciągu minuty dongle wysłał więcej wiadomości, odczytów lub zdarzeń awarii, niż potrzebuje jakikolwiek dongle, a chmura odrzuciła resztę. Zwykle oprogramowanie utknęło w pętli lub przesyła zbuforowane dane bez przerw: uruchom dongle ponownie i zaktualizuj jego oprogramowanie. Alarm kończy się sam, gdy dongle przez 10 minut mieści się w swoich limitach.',
      ],
    },
  },
  {
    faultCode: 'DGL-WEAK-SIG',
    deviceType: 'DONGLE',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '采集器信号弱',
        '信号强度低于 -75 dBm：缩短与路由器的距离、避开金属柜遮挡，或加装 Wi-Fi 中继器。',
      ],
      'en-GB': [
        'Dongle signal weak',
        'Signal is below -75 dBm: bring the router closer, avoid metal cabinets around the dongle or add a Wi-Fi repeater.',
      ],
      'de-DE': [
        'Dongle-Signal schwach',
        'Signal unter -75 dBm: Router näher bringen, Metallschränke um den Dongle vermeiden oder einen WLAN-Repeater setzen.',
      ],
      'it-IT': [
        'Segnale del dongle debole',
        'Segnale sotto -75 dBm: avvicinare il router, evitare armadi metallici intorno al dongle o aggiungere un ripetitore Wi-Fi.',
      ],
      'nl-NL': [
        'Dongle-signaal zwak',
        'Signaal onder -75 dBm: zet de router dichterbij, vermijd metalen kasten rond de dongle of plaats een wifi-versterker.',
      ],
      'fr-FR': [
        'Signal du dongle faible',
        'Signal inférieur à -75 dBm : rapprocher le routeur, éviter les armoires métalliques autour du dongle ou ajouter un répéteur Wi-Fi.',
      ],
      'es-ES': [
        'Señal del dongle débil',
        'Señal por debajo de -75 dBm: acercar el router, evitar armarios metálicos alrededor del dongle o añadir un repetidor Wi-Fi.',
      ],
      'pl-PL': [
        'Słaby sygnał dongla',
        'Sygnał poniżej -75 dBm: przybliż router, unikaj metalowych szaf wokół dongla lub dodaj wzmacniacz Wi-Fi.',
      ],
    },
  },
  {
    faultCode: 'DGL-RS485',
    deviceType: 'DONGLE',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '采集器与设备总线无响应',
        '采集器在线但读不到设备：检查 RS485 接线、总线上设备地址是否冲突以及末端终端电阻。',
      ],
      'en-GB': [
        'No answer from devices on the dongle bus',
        'The dongle is online but reads no device: check the RS485 wiring, duplicate device addresses on the bus and the end-of-line termination.',
      ],
      'de-DE': [
        'Keine Antwort der Geräte am Dongle-Bus',
        'Der Dongle ist online, liest aber kein Gerät: RS485-Verdrahtung, doppelte Geräteadressen am Bus und den Abschlusswiderstand prüfen.',
      ],
      'it-IT': [
        'Nessuna risposta dai dispositivi sul bus del dongle',
        'Il dongle è online ma non legge alcun dispositivo: verificare cablaggio RS485, indirizzi duplicati sul bus e terminazione di fine linea.',
      ],
      'nl-NL': [
        'Geen antwoord van apparaten op de dongle-bus',
        'De dongle is online maar leest geen apparaat: controleer de RS485-bedrading, dubbele apparaatadressen op de bus en de eindafsluiting.',
      ],
      'fr-FR': [
        'Aucune réponse des appareils sur le bus du dongle',
        'Le dongle est en ligne mais ne lit aucun appareil : vérifier le câblage RS485, les adresses en double sur le bus et la terminaison de fin de ligne.',
      ],
      'es-ES': [
        'Sin respuesta de los equipos en el bus del dongle',
        'El dongle está en línea pero no lee ningún equipo: revisar el cableado RS485, direcciones duplicadas en el bus y la terminación de final de línea.',
      ],
      'pl-PL': [
        'Brak odpowiedzi urządzeń na magistrali dongla',
        'Dongle jest online, ale nie odczytuje żadnego urządzenia: sprawdź okablowanie RS485, zdublowane adresy na magistrali i terminację końca linii.',
      ],
    },
  },
  {
    faultCode: 'DGL-FW-FAIL',
    deviceType: 'DONGLE',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '采集器固件升级失败',
        '采集器已回退到原版本继续工作；确认网络稳定后在固件升级页面重新下发升级任务。',
      ],
      'en-GB': [
        'Dongle firmware upgrade failed',
        'The dongle went back to its previous version and keeps working. Once the connection is stable, start the upgrade again from the firmware upgrade page.',
      ],
      'de-DE': [
        'Firmware-Update des Dongles fehlgeschlagen',
        'Der Dongle ist auf die vorherige Version zurückgefallen und arbeitet weiter. Bei stabiler Verbindung das Update über die Seite Firmware-Upgrade erneut starten.',
      ],
      'it-IT': [
        'Aggiornamento firmware del dongle fallito',
        'Il dongle è tornato alla versione precedente e continua a funzionare. Con una connessione stabile, riavviare l’aggiornamento dalla pagina di aggiornamento firmware.',
      ],
      'nl-NL': [
        'Firmware-update van dongle mislukt',
        'De dongle is teruggevallen op de vorige versie en werkt gewoon door. Start de update opnieuw via de pagina firmware-upgrade zodra de verbinding stabiel is.',
      ],
      'fr-FR': [
        'Échec de la mise à jour du dongle',
        'Le dongle est revenu à sa version précédente et continue de fonctionner. Une fois la connexion stable, relancer la mise à jour depuis la page de mise à jour du micrologiciel.',
      ],
      'es-ES': [
        'Fallo en la actualización de firmware del dongle',
        'El dongle ha vuelto a su versión anterior y sigue funcionando. Con una conexión estable, volver a lanzar la actualización desde la página de actualización de firmware.',
      ],
      'pl-PL': [
        'Nieudana aktualizacja oprogramowania dongla',
        'Dongle wrócił do poprzedniej wersji i działa dalej. Gdy połączenie będzie stabilne, ponownie uruchom aktualizację na stronie aktualizacji oprogramowania.',
      ],
    },
  },
  {
    faultCode: 'DGL-CLOCK',
    deviceType: 'DONGLE',
    alarmLevel: 'GENERAL',
    t: {
      'zh-CN': [
        '采集器时钟未同步',
        '采集器无法访问时间服务器：检查路由器是否放行 NTP（UDP 123 端口）。时间偏差会导致日发电量统计错位。',
      ],
      'en-GB': [
        'Dongle clock not synchronised',
        'The dongle cannot reach a time server: check that the router allows NTP (UDP port 123). A wrong clock shifts the daily energy figures.',
      ],
      'de-DE': [
        'Dongle-Uhr nicht synchronisiert',
        'Der Dongle erreicht keinen Zeitserver: prüfen, ob der Router NTP (UDP-Port 123) zulässt. Eine falsche Uhr verschiebt die Tagesenergiewerte.',
      ],
      'it-IT': [
        'Orologio del dongle non sincronizzato',
        'Il dongle non raggiunge un server orario: verificare che il router consenta NTP (porta UDP 123). Un orologio errato sposta i valori di energia giornalieri.',
      ],
      'nl-NL': [
        'Klok van dongle niet gesynchroniseerd',
        'De dongle bereikt geen tijdserver: controleer of de router NTP (UDP-poort 123) doorlaat. Een verkeerde klok verschuift de dagelijkse energiewaarden.',
      ],
      'fr-FR': [
        'Horloge du dongle non synchronisée',
        'Le dongle n’atteint aucun serveur de temps : vérifier que le routeur autorise NTP (port UDP 123). Une horloge fausse décale les valeurs d’énergie journalières.',
      ],
      'es-ES': [
        'Reloj del dongle sin sincronizar',
        'El dongle no llega a ningún servidor de hora: comprobar que el router permite NTP (puerto UDP 123). Un reloj incorrecto desplaza los valores de energía diarios.',
      ],
      'pl-PL': [
        'Zegar dongla niezsynchronizowany',
        'Dongle nie łączy się z serwerem czasu: sprawdź, czy router przepuszcza NTP (port UDP 123). Błędny zegar przesuwa dzienne wartości energii.',
      ],
    },
  },
  // EV charger
];
