import type { LibraryEntry } from '../fault-library.ts';

/** EV charger faults of the seeded library: [message, fix advice] per language. */
export const EV_CHARGER_FAULTS: LibraryEntry[] = [
  {
    faultCode: 'EVC-RCD',
    deviceType: 'EV_CHARGER',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '充电桩漏电保护动作',
        '拔下充电枪，检查充电线缆和车辆插座是否受损或受潮；复位后若再次动作，停止使用并检修。',
      ],
      'en-GB': [
        'EV charger residual current trip',
        'Unplug the vehicle and check the charging cable and socket for damage or moisture. If it trips again after reset, take the charger out of use and have it inspected.',
      ],
      'de-DE': [
        'Wallbox: Fehlerstromschutz ausgelöst',
        'Fahrzeug abstecken und Ladekabel sowie Steckdose auf Schäden oder Feuchtigkeit prüfen. Löst er nach dem Zurücksetzen erneut aus, Wallbox außer Betrieb nehmen und prüfen lassen.',
      ],
      'it-IT': [
        'Wallbox: intervento del differenziale',
        'Scollegare il veicolo e controllare cavo di ricarica e presa per danni o umidità. Se interviene di nuovo dopo il reset, mettere fuori servizio la wallbox e farla ispezionare.',
      ],
      'nl-NL': [
        'Laadpaal: aardlekbeveiliging aangesproken',
        'Koppel het voertuig los en controleer laadkabel en contactdoos op schade of vocht. Slaat hij na het resetten opnieuw af, neem de laadpaal buiten gebruik en laat hem keuren.',
      ],
      'fr-FR': [
        'Borne de recharge : déclenchement différentiel',
        'Débrancher le véhicule et vérifier le câble de recharge et la prise (dommages, humidité). S’il déclenche de nouveau après réarmement, mettre la borne hors service et la faire contrôler.',
      ],
      'es-ES': [
        'Cargador VE: disparo del diferencial',
        'Desconectar el vehículo y revisar el cable de carga y la toma en busca de daños o humedad. Si vuelve a saltar tras rearmar, dejar el cargador fuera de servicio y hacerlo revisar.',
      ],
      'pl-PL': [
        'Ładowarka EV: zadziałało zabezpieczenie różnicowoprądowe',
        'Odłącz pojazd i sprawdź kabel ładowania oraz gniazdo pod kątem uszkodzeń lub wilgoci. Jeśli po resecie zadziała ponownie, wyłącz ładowarkę z użytku i zleć przegląd.',
      ],
    },
  },
  {
    faultCode: 'EVC-CP-ERR',
    deviceType: 'EV_CHARGER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '充电桩与车辆通信（CP）异常',
        '重新插拔充电枪；检查枪头 CP 针脚是否脏污或弯曲，并尝试用另一辆车测试。',
      ],
      'en-GB': [
        'EV charger pilot signal (CP) error',
        'Unplug and plug in again. Check the CP pin of the connector for dirt or bending, and try with another vehicle.',
      ],
      'de-DE': [
        'Wallbox: Fehler im Pilotsignal (CP)',
        'Stecker ziehen und neu stecken. CP-Kontakt des Steckers auf Verschmutzung oder Verbiegung prüfen und mit einem anderen Fahrzeug testen.',
      ],
      'it-IT': [
        'Wallbox: errore del segnale pilota (CP)',
        'Scollegare e ricollegare la spina. Controllare che il pin CP del connettore non sia sporco o piegato e provare con un altro veicolo.',
      ],
      'nl-NL': [
        'Laadpaal: fout in pilotsignaal (CP)',
        'Trek de stekker eruit en steek hem opnieuw in. Controleer de CP-pin van de connector op vuil of verbuiging en test met een ander voertuig.',
      ],
      'fr-FR': [
        'Borne de recharge : erreur du signal pilote (CP)',
        'Débrancher puis rebrancher. Vérifier que la broche CP du connecteur n’est ni sale ni tordue et essayer avec un autre véhicule.',
      ],
      'es-ES': [
        'Cargador VE: error en la señal piloto (CP)',
        'Desconectar y volver a conectar. Comprobar que el pin CP del conector no está sucio ni doblado y probar con otro vehículo.',
      ],
      'pl-PL': [
        'Ładowarka EV: błąd sygnału pilota (CP)',
        'Odłącz i ponownie podłącz wtyczkę. Sprawdź, czy styk CP złącza nie jest zabrudzony ani wygięty, i spróbuj z innym pojazdem.',
      ],
    },
  },
  {
    faultCode: 'EVC-COMM-LOST',
    deviceType: 'EV_CHARGER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '充电桩通信中断（无数据）',
        '检查充电桩供电和网络连接（网线/Wi-Fi）；确认充电桩中配置的服务器地址正确。',
      ],
      'en-GB': [
        'EV charger communication lost (no data)',
        'Check the charger’s power supply and network link (cable or Wi-Fi) and that the server address configured in the charger is correct.',
      ],
      'de-DE': [
        'Kommunikation mit Wallbox verloren (keine Daten)',
        'Stromversorgung und Netzwerkverbindung (Kabel oder WLAN) der Wallbox prüfen, ebenso die in der Wallbox eingetragene Serveradresse.',
      ],
      'it-IT': [
        'Comunicazione con la wallbox persa (nessun dato)',
        'Verificare alimentazione e collegamento di rete (cavo o Wi-Fi) della wallbox e che l’indirizzo del server configurato sia corretto.',
      ],
      'nl-NL': [
        'Communicatie met laadpaal verloren (geen data)',
        'Controleer de voeding en netwerkverbinding (kabel of wifi) van de laadpaal en of het ingestelde serveradres klopt.',
      ],
      'fr-FR': [
        'Communication avec la borne perdue (aucune donnée)',
        'Vérifier l’alimentation et la liaison réseau (câble ou Wi-Fi) de la borne ainsi que l’adresse du serveur configurée.',
      ],
      'es-ES': [
        'Comunicación con el cargador VE perdida (sin datos)',
        'Comprobar la alimentación y la conexión de red (cable o Wi-Fi) del cargador y que la dirección del servidor configurada es correcta.',
      ],
      'pl-PL': [
        'Utracona komunikacja z ładowarką EV (brak danych)',
        'Sprawdź zasilanie i połączenie sieciowe (kabel lub Wi-Fi) ładowarki oraz poprawność skonfigurowanego adresu serwera.',
      ],
    },
  },
  // Heat pump
];
