import type { LibraryEntry } from '../fault-code-library.ts';

/** Inverter faults of the seeded library: [message, fix advice] per language. */
export const INVERTER_FAULTS: LibraryEntry[] = [
  {
    faultCode: 'INV-GRID-OV',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '电网过压',
        '测量并网点电压；若持续高于限值，检查交流线缆截面和长度，必要时联系电网公司调整变压器档位。',
      ],
      'en-GB': [
        'Grid over-voltage',
        'Measure the voltage at the grid connection point. If it stays above the limit, check the AC cable cross-section and length, and ask the grid operator to check the transformer tap.',
      ],
      'de-DE': [
        'Netzüberspannung',
        'Spannung am Netzanschlusspunkt messen. Bleibt sie über dem Grenzwert, Querschnitt und Länge der AC-Leitung prüfen und den Netzbetreiber um Prüfung der Trafostufe bitten.',
      ],
      'it-IT': [
        'Sovratensione di rete',
        'Misurare la tensione al punto di connessione. Se resta oltre il limite, verificare sezione e lunghezza del cavo AC e chiedere al distributore di controllare il trasformatore.',
      ],
      'nl-NL': [
        'Netoverspanning',
        'Meet de spanning op het aansluitpunt. Blijft die boven de grens, controleer dan doorsnede en lengte van de AC-kabel en vraag de netbeheerder de transformatorstand te controleren.',
      ],
      'fr-FR': [
        'Surtension réseau',
        'Mesurer la tension au point de raccordement. Si elle reste au-dessus de la limite, vérifier la section et la longueur du câble AC et demander au gestionnaire de réseau de contrôler le transformateur.',
      ],
      'es-ES': [
        'Sobretensión de red',
        'Medir la tensión en el punto de conexión. Si sigue por encima del límite, revisar la sección y longitud del cable de CA y pedir a la distribuidora que revise el transformador.',
      ],
      'pl-PL': [
        'Przepięcie sieci',
        'Zmierz napięcie w punkcie przyłączenia. Jeśli stale przekracza limit, sprawdź przekrój i długość kabla AC i poproś operatora sieci o sprawdzenie transformatora.',
      ],
    },
  },
  {
    faultCode: 'INV-GRID-UV',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '电网欠压',
        '检查交流断路器是否闭合、接线端子是否松动；测量电网电压，若确实偏低请联系电网公司。',
      ],
      'en-GB': [
        'Grid under-voltage',
        'Check that the AC breaker is closed and the terminals are tight. Measure the grid voltage; if it is really low, contact the grid operator.',
      ],
      'de-DE': [
        'Netzunterspannung',
        'Prüfen, ob der AC-Leitungsschutzschalter eingeschaltet und die Klemmen fest sind. Netzspannung messen; ist sie tatsächlich zu niedrig, den Netzbetreiber kontaktieren.',
      ],
      'it-IT': [
        'Sottotensione di rete',
        'Verificare che l’interruttore AC sia chiuso e i morsetti serrati. Misurare la tensione di rete; se è davvero bassa, contattare il distributore.',
      ],
      'nl-NL': [
        'Netonderspanning',
        'Controleer of de AC-automaat aan staat en de klemmen vastzitten. Meet de netspanning; is die echt te laag, neem dan contact op met de netbeheerder.',
      ],
      'fr-FR': [
        'Sous-tension réseau',
        'Vérifier que le disjoncteur AC est fermé et les bornes serrées. Mesurer la tension réseau ; si elle est réellement basse, contacter le gestionnaire de réseau.',
      ],
      'es-ES': [
        'Subtensión de red',
        'Comprobar que el magnetotérmico de CA está cerrado y los bornes apretados. Medir la tensión de red; si es realmente baja, contactar con la distribuidora.',
      ],
      'pl-PL': [
        'Zbyt niskie napięcie sieci',
        'Sprawdź, czy wyłącznik AC jest załączony, a zaciski dokręcone. Zmierz napięcie sieci; jeśli faktycznie jest za niskie, skontaktuj się z operatorem sieci.',
      ],
    },
  },
  {
    faultCode: 'INV-GRID-OF',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '电网过频',
        '短时出现通常由电网引起，逆变器会自动恢复；频繁出现时检查并网标准（国家代码）设置是否正确。',
      ],
      'en-GB': [
        'Grid over-frequency',
        'Short events come from the grid and clear by themselves. If it happens often, check that the grid code (country setting) of the inverter is correct.',
      ],
      'de-DE': [
        'Netzüberfrequenz',
        'Kurze Ereignisse kommen aus dem Netz und verschwinden von selbst. Bei häufigem Auftreten die eingestellte Netznorm (Ländereinstellung) des Wechselrichters prüfen.',
      ],
      'it-IT': [
        'Sovrafrequenza di rete',
        'Eventi brevi dipendono dalla rete e rientrano da soli. Se frequenti, verificare che il codice di rete (paese) impostato nell’inverter sia corretto.',
      ],
      'nl-NL': [
        'Netoverfrequentie',
        'Korte gebeurtenissen komen van het net en verdwijnen vanzelf. Gebeurt het vaak, controleer dan of de netcode (landinstelling) van de omvormer klopt.',
      ],
      'fr-FR': [
        'Surfréquence réseau',
        'Les événements brefs viennent du réseau et disparaissent seuls. S’ils sont fréquents, vérifier que le code réseau (pays) de l’onduleur est correct.',
      ],
      'es-ES': [
        'Sobrefrecuencia de red',
        'Los eventos cortos vienen de la red y se resuelven solos. Si son frecuentes, comprobar que el código de red (país) del inversor es el correcto.',
      ],
      'pl-PL': [
        'Zbyt wysoka częstotliwość sieci',
        'Krótkie zdarzenia pochodzą z sieci i ustępują same. Jeśli występują często, sprawdź poprawność kodu sieci (ustawienia kraju) falownika.',
      ],
    },
  },
  {
    faultCode: 'INV-GRID-UF',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': ['电网欠频', '确认逆变器的国家/并网标准设置；若使用发电机或离网系统，检查其频率是否稳定。'],
      'en-GB': [
        'Grid under-frequency',
        'Confirm the country / grid code setting. If the site runs on a generator or an off-grid system, check that its frequency is stable.',
      ],
      'de-DE': [
        'Netzunterfrequenz',
        'Länder- bzw. Netznormeinstellung prüfen. Läuft die Anlage an einem Generator oder Inselnetz, dessen Frequenzstabilität prüfen.',
      ],
      'it-IT': [
        'Sottofrequenza di rete',
        'Verificare l’impostazione del paese / codice di rete. Se l’impianto funziona con un generatore o in isola, controllarne la stabilità di frequenza.',
      ],
      'nl-NL': [
        'Netonderfrequentie',
        'Controleer de land- of netcode-instelling. Draait de installatie op een generator of eilandnet, controleer dan of de frequentie stabiel is.',
      ],
      'fr-FR': [
        'Sous-fréquence réseau',
        'Vérifier le réglage du pays / code réseau. Si le site fonctionne sur groupe électrogène ou en site isolé, contrôler la stabilité de sa fréquence.',
      ],
      'es-ES': [
        'Subfrecuencia de red',
        'Confirmar el ajuste de país / código de red. Si la instalación funciona con generador o aislada, comprobar que su frecuencia es estable.',
      ],
      'pl-PL': [
        'Zbyt niska częstotliwość sieci',
        'Sprawdź ustawienie kraju / kodu sieci. Jeśli instalacja pracuje z agregatem lub w wyspie, sprawdź stabilność jego częstotliwości.',
      ],
    },
  },
  {
    faultCode: 'INV-ISLAND',
    deviceType: 'INVERTER',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '检测到孤岛（电网断开）',
        '确认电网是否停电、交流断路器是否跳闸；检查三相是否都已连接。电网恢复后逆变器会自动重新并网。',
      ],
      'en-GB': [
        'Islanding detected (grid lost)',
        'Check for a power cut and whether the AC breaker has tripped; make sure all phases are connected. The inverter reconnects by itself once the grid is back.',
      ],
      'de-DE': [
        'Inselbildung erkannt (Netz ausgefallen)',
        'Auf Stromausfall und ausgelösten AC-Schutzschalter prüfen; sicherstellen, dass alle Phasen angeschlossen sind. Der Wechselrichter schaltet sich bei Netzwiederkehr selbst zu.',
      ],
      'it-IT': [
        'Funzionamento in isola rilevato (rete assente)',
        'Verificare se c’è un blackout o se l’interruttore AC è scattato; controllare che tutte le fasi siano collegate. L’inverter si riconnette da solo al ritorno della rete.',
      ],
      'nl-NL': [
        'Eilandbedrijf gedetecteerd (net weg)',
        'Controleer op een stroomstoring en of de AC-automaat is uitgeschakeld; zorg dat alle fasen zijn aangesloten. De omvormer schakelt zelf weer in zodra het net terug is.',
      ],
      'fr-FR': [
        'Îlotage détecté (réseau perdu)',
        'Vérifier s’il y a une coupure de courant ou si le disjoncteur AC a déclenché ; s’assurer que toutes les phases sont raccordées. L’onduleur se reconnecte seul au retour du réseau.',
      ],
      'es-ES': [
        'Funcionamiento en isla detectado (red perdida)',
        'Comprobar si hay un corte de suministro o si ha saltado el magnetotérmico de CA; asegurar que todas las fases están conectadas. El inversor se reconecta solo al volver la red.',
      ],
      'pl-PL': [
        'Wykryto pracę wyspową (brak sieci)',
        'Sprawdź, czy jest zanik zasilania lub czy zadziałał wyłącznik AC; upewnij się, że wszystkie fazy są podłączone. Falownik sam połączy się ponownie po powrocie sieci.',
      ],
    },
  },
  {
    faultCode: 'INV-ISO',
    deviceType: 'INVERTER',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '绝缘阻抗过低',
        '断开直流开关，逐串测量组串正负极对地绝缘电阻；检查组件接线盒、MC4 接头和线缆是否受潮或破损。雨后出现并在干燥后消失通常是接头进水。',
      ],
      'en-GB': [
        'Insulation resistance low',
        'Open the DC switch and measure each string’s insulation to earth (plus and minus). Look for wet or damaged MC4 connectors, junction boxes and cables. If it appears after rain and clears when dry, a connector is taking in water.',
      ],
      'de-DE': [
        'Isolationswiderstand zu niedrig',
        'DC-Schalter öffnen und je String den Isolationswiderstand gegen Erde (Plus und Minus) messen. Feuchte oder beschädigte MC4-Stecker, Anschlussdosen und Leitungen suchen. Tritt der Fehler nach Regen auf und verschwindet bei Trockenheit, zieht ein Stecker Wasser.',
      ],
      'it-IT': [
        'Resistenza di isolamento bassa',
        'Aprire il sezionatore DC e misurare l’isolamento verso terra di ogni stringa (positivo e negativo). Cercare connettori MC4, scatole di giunzione e cavi bagnati o danneggiati. Se compare dopo la pioggia e sparisce con il secco, un connettore assorbe acqua.',
      ],
      'nl-NL': [
        'Isolatieweerstand te laag',
        'Open de DC-schakelaar en meet per string de isolatie naar aarde (plus en min). Zoek naar natte of beschadigde MC4-connectoren, aansluitdozen en kabels. Komt het na regen en verdwijnt het bij droog weer, dan trekt een connector water.',
      ],
      'fr-FR': [
        'Résistance d’isolement faible',
        'Ouvrir le sectionneur DC et mesurer l’isolement à la terre de chaque chaîne (plus et moins). Chercher des connecteurs MC4, boîtes de jonction ou câbles humides ou endommagés. Si le défaut apparaît après la pluie et disparaît au sec, un connecteur prend l’eau.',
      ],
      'es-ES': [
        'Resistencia de aislamiento baja',
        'Abrir el seccionador de CC y medir el aislamiento a tierra de cada string (positivo y negativo). Buscar conectores MC4, cajas de conexión o cables húmedos o dañados. Si aparece tras la lluvia y desaparece en seco, un conector está entrando agua.',
      ],
      'pl-PL': [
        'Zbyt niska rezystancja izolacji',
        'Otwórz rozłącznik DC i zmierz izolację każdego łańcucha względem ziemi (plus i minus). Szukaj wilgotnych lub uszkodzonych złączy MC4, puszek przyłączeniowych i kabli. Jeśli błąd pojawia się po deszczu i znika po wyschnięciu, do złącza dostaje się woda.',
      ],
    },
  },
  {
    faultCode: 'INV-RCD',
    deviceType: 'INVERTER',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '漏电流过大',
        '检查直流侧线缆和组件是否有破损或对地短路；测量各组串绝缘电阻。若反复出现，请勿复位，联系厂家服务。',
      ],
      'en-GB': [
        'Residual current too high',
        'Inspect DC cables and modules for damage or a short to earth and measure the insulation of each string. If it keeps coming back, do not keep resetting: contact the manufacturer’s service.',
      ],
      'de-DE': [
        'Fehlerstrom zu hoch',
        'DC-Leitungen und Module auf Beschädigung oder Erdschluss prüfen und die Isolation je String messen. Tritt er wiederholt auf, nicht ständig zurücksetzen, sondern den Herstellerservice kontaktieren.',
      ],
      'it-IT': [
        'Corrente residua troppo alta',
        'Ispezionare cavi DC e moduli per danni o dispersioni verso terra e misurare l’isolamento di ogni stringa. Se si ripete, non continuare a resettare: contattare l’assistenza del produttore.',
      ],
      'nl-NL': [
        'Lekstroom te hoog',
        'Controleer DC-kabels en panelen op schade of aardsluiting en meet de isolatie per string. Komt het steeds terug, blijf dan niet resetten maar neem contact op met de service van de fabrikant.',
      ],
      'fr-FR': [
        'Courant résiduel trop élevé',
        'Inspecter les câbles DC et les modules (dommages, défaut à la terre) et mesurer l’isolement de chaque chaîne. Si le défaut revient, ne pas réarmer en boucle : contacter le service du fabricant.',
      ],
      'es-ES': [
        'Corriente residual demasiado alta',
        'Revisar cables de CC y módulos en busca de daños o derivaciones a tierra y medir el aislamiento de cada string. Si se repite, no rearmar una y otra vez: contactar con el servicio del fabricante.',
      ],
      'pl-PL': [
        'Zbyt wysoki prąd upływu',
        'Sprawdź kable DC i moduły pod kątem uszkodzeń lub zwarcia do ziemi i zmierz izolację każdego łańcucha. Jeśli błąd wraca, nie resetuj wielokrotnie — skontaktuj się z serwisem producenta.',
      ],
    },
  },
  {
    faultCode: 'INV-OT',
    deviceType: 'INVERTER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '逆变器过温（降额运行）',
        '确保逆变器周围通风间距符合手册要求、避免阳光直射；清理散热片和进风口的灰尘。',
      ],
      'en-GB': [
        'Inverter over-temperature (derating)',
        'Keep the clearances from the manual around the inverter and avoid direct sun. Clean dust from the heat sink and air inlets.',
      ],
      'de-DE': [
        'Übertemperatur Wechselrichter (Leistungsreduzierung)',
        'Mindestabstände laut Handbuch einhalten und direkte Sonneneinstrahlung vermeiden. Kühlkörper und Lufteinlässe von Staub reinigen.',
      ],
      'it-IT': [
        'Sovratemperatura inverter (riduzione di potenza)',
        'Rispettare le distanze indicate nel manuale ed evitare il sole diretto. Pulire dalla polvere dissipatore e prese d’aria.',
      ],
      'nl-NL': [
        'Omvormer te warm (vermogensreductie)',
        'Houd de vrije ruimte uit de handleiding rond de omvormer aan en vermijd direct zonlicht. Maak koellichaam en luchtinlaten stofvrij.',
      ],
      'fr-FR': [
        'Surchauffe de l’onduleur (bridage)',
        'Respecter les dégagements du manuel autour de l’onduleur et éviter le soleil direct. Dépoussiérer le dissipateur et les entrées d’air.',
      ],
      'es-ES': [
        'Sobretemperatura del inversor (reducción de potencia)',
        'Respetar las distancias del manual alrededor del inversor y evitar el sol directo. Limpiar el polvo del disipador y de las entradas de aire.',
      ],
      'pl-PL': [
        'Przegrzanie falownika (ograniczenie mocy)',
        'Zachowaj odstępy z instrukcji wokół falownika i unikaj bezpośredniego słońca. Oczyść radiator i wloty powietrza z kurzu.',
      ],
    },
  },
  {
    faultCode: 'INV-DC-OV',
    deviceType: 'INVERTER',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '直流输入过压',
        '立即断开直流开关。核对组串组件数量：最低环境温度下的开路电压不得超过逆变器最大输入电压。',
      ],
      'en-GB': [
        'PV DC over-voltage',
        'Open the DC switch at once. Check the number of modules per string: the open-circuit voltage at the lowest site temperature must stay below the inverter’s maximum input voltage.',
      ],
      'de-DE': [
        'DC-Überspannung PV',
        'DC-Schalter sofort öffnen. Modulanzahl je String prüfen: Die Leerlaufspannung bei der tiefsten Standorttemperatur muss unter der maximalen Eingangsspannung des Wechselrichters bleiben.',
      ],
      'it-IT': [
        'Sovratensione DC fotovoltaico',
        'Aprire subito il sezionatore DC. Verificare il numero di moduli per stringa: la tensione a vuoto alla temperatura minima del sito deve restare sotto la tensione massima di ingresso dell’inverter.',
      ],
      'nl-NL': [
        'DC-overspanning PV',
        'Open direct de DC-schakelaar. Controleer het aantal panelen per string: de nullastspanning bij de laagste locatietemperatuur moet onder de maximale ingangsspanning van de omvormer blijven.',
      ],
      'fr-FR': [
        'Surtension DC photovoltaïque',
        'Ouvrir immédiatement le sectionneur DC. Vérifier le nombre de modules par chaîne : la tension à vide à la température minimale du site doit rester sous la tension d’entrée maximale de l’onduleur.',
      ],
      'es-ES': [
        'Sobretensión de CC fotovoltaica',
        'Abrir inmediatamente el seccionador de CC. Revisar el número de módulos por string: la tensión en circuito abierto a la temperatura mínima del lugar debe quedar por debajo de la tensión máxima de entrada del inversor.',
      ],
      'pl-PL': [
        'Przepięcie DC instalacji PV',
        'Natychmiast otwórz rozłącznik DC. Sprawdź liczbę modułów w łańcuchu: napięcie jałowe przy najniższej temperaturze w lokalizacji musi być niższe od maksymalnego napięcia wejściowego falownika.',
      ],
    },
  },
  {
    faultCode: 'INV-FAN',
    deviceType: 'INVERTER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': ['风扇故障', '断电后检查风扇是否被异物卡住、插头是否松动；风扇损坏时按手册更换。'],
      'en-GB': [
        'Fan failure',
        'With the inverter switched off, check the fan for blockages and a loose connector. Replace a broken fan as the manual describes.',
      ],
      'de-DE': [
        'Lüfterfehler',
        'Bei ausgeschaltetem Wechselrichter den Lüfter auf Blockierung und lockeren Stecker prüfen. Einen defekten Lüfter laut Handbuch tauschen.',
      ],
      'it-IT': [
        'Guasto ventola',
        'Con l’inverter spento, verificare che la ventola non sia bloccata e che il connettore sia inserito. Sostituire la ventola guasta come indicato nel manuale.',
      ],
      'nl-NL': [
        'Ventilatorstoring',
        'Controleer bij uitgeschakelde omvormer of de ventilator niet geblokkeerd is en de stekker vastzit. Vervang een defecte ventilator volgens de handleiding.',
      ],
      'fr-FR': [
        'Défaut ventilateur',
        'Onduleur hors tension, vérifier que le ventilateur n’est pas bloqué et que son connecteur est bien enfiché. Remplacer un ventilateur défectueux selon le manuel.',
      ],
      'es-ES': [
        'Fallo del ventilador',
        'Con el inversor apagado, comprobar que el ventilador no está bloqueado y que el conector está bien. Sustituir el ventilador averiado según el manual.',
      ],
      'pl-PL': [
        'Awaria wentylatora',
        'Przy wyłączonym falowniku sprawdź, czy wentylator nie jest zablokowany, a wtyczka dobrze osadzona. Uszkodzony wentylator wymień zgodnie z instrukcją.',
      ],
    },
  },
  {
    faultCode: 'INV-ARC',
    deviceType: 'INVERTER',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '检测到直流电弧',
        '断开直流开关后逐一检查 MC4 接头、端子和线缆是否烧蚀或接触不良；修复后在逆变器上手动清除电弧故障。',
      ],
      'en-GB': [
        'DC arc fault detected',
        'Open the DC switch and inspect every MC4 connector, terminal and cable for burn marks or poor contact. After the repair, clear the arc fault manually on the inverter.',
      ],
      'de-DE': [
        'DC-Lichtbogen erkannt',
        'DC-Schalter öffnen und alle MC4-Stecker, Klemmen und Leitungen auf Schmorspuren oder schlechten Kontakt prüfen. Nach der Reparatur den Lichtbogenfehler am Wechselrichter manuell quittieren.',
      ],
      'it-IT': [
        'Arco elettrico DC rilevato',
        'Aprire il sezionatore DC e ispezionare ogni connettore MC4, morsetto e cavo per bruciature o contatti difettosi. Dopo la riparazione, azzerare manualmente il guasto d’arco sull’inverter.',
      ],
      'nl-NL': [
        'DC-vlamboog gedetecteerd',
        'Open de DC-schakelaar en controleer elke MC4-connector, klem en kabel op brandplekken of slecht contact. Reset na de reparatie de boogfout handmatig op de omvormer.',
      ],
      'fr-FR': [
        'Arc électrique DC détecté',
        'Ouvrir le sectionneur DC et contrôler chaque connecteur MC4, borne et câble (traces de brûlure, mauvais contact). Après réparation, acquitter manuellement le défaut d’arc sur l’onduleur.',
      ],
      'es-ES': [
        'Arco eléctrico de CC detectado',
        'Abrir el seccionador de CC y revisar cada conector MC4, borne y cable en busca de quemaduras o mal contacto. Tras la reparación, borrar manualmente el fallo de arco en el inversor.',
      ],
      'pl-PL': [
        'Wykryto łuk elektryczny DC',
        'Otwórz rozłącznik DC i sprawdź każde złącze MC4, zacisk i kabel pod kątem nadpaleń lub złego styku. Po naprawie ręcznie skasuj błąd łuku na falowniku.',
      ],
    },
  },
  {
    faultCode: 'INV-PV-REV',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': ['组串极性反接', '断开直流开关，用万用表确认组串正负极，按正确极性重新连接。'],
      'en-GB': [
        'PV string reverse polarity',
        'Open the DC switch, check the string polarity with a multimeter and reconnect plus and minus correctly.',
      ],
      'de-DE': [
        'String verpolt',
        'DC-Schalter öffnen, die Polarität des Strings mit dem Multimeter prüfen und Plus und Minus richtig anschließen.',
      ],
      'it-IT': [
        'Polarità stringa invertita',
        'Aprire il sezionatore DC, verificare la polarità della stringa con il multimetro e ricollegare correttamente positivo e negativo.',
      ],
      'nl-NL': [
        'String omgepoold',
        'Open de DC-schakelaar, controleer de polariteit van de string met een multimeter en sluit plus en min correct aan.',
      ],
      'fr-FR': [
        'Polarité de chaîne inversée',
        'Ouvrir le sectionneur DC, vérifier la polarité de la chaîne au multimètre et reconnecter correctement le plus et le moins.',
      ],
      'es-ES': [
        'Polaridad del string invertida',
        'Abrir el seccionador de CC, comprobar la polaridad del string con un multímetro y reconectar correctamente positivo y negativo.',
      ],
      'pl-PL': [
        'Odwrócona polaryzacja łańcucha',
        'Otwórz rozłącznik DC, sprawdź multimetrem polaryzację łańcucha i podłącz poprawnie plus i minus.',
      ],
    },
  },
  {
    faultCode: 'INV-RELAY',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '并网继电器自检失败',
        '检查交流接线（尤其是中性线）是否正确可靠；重启逆变器，若仍失败需联系厂家更换。',
      ],
      'en-GB': [
        'Grid relay self-test failed',
        'Check that the AC wiring, especially neutral, is correct and tight. Restart the inverter; if the test still fails, the manufacturer has to replace the unit.',
      ],
      'de-DE': [
        'Selbsttest Netzrelais fehlgeschlagen',
        'AC-Verdrahtung, besonders den Neutralleiter, auf Richtigkeit und festen Sitz prüfen. Wechselrichter neu starten; schlägt der Test weiter fehl, muss der Hersteller das Gerät tauschen.',
      ],
      'it-IT': [
        'Autotest relè di rete fallito',
        'Verificare che il cablaggio AC, in particolare il neutro, sia corretto e serrato. Riavviare l’inverter; se il test fallisce ancora, il produttore deve sostituire l’apparecchio.',
      ],
      'nl-NL': [
        'Zelftest netrelais mislukt',
        'Controleer of de AC-bedrading, vooral de nul, juist en vast is. Herstart de omvormer; faalt de test nog steeds, dan moet de fabrikant het toestel vervangen.',
      ],
      'fr-FR': [
        'Échec de l’autotest du relais réseau',
        'Vérifier que le câblage AC, surtout le neutre, est correct et serré. Redémarrer l’onduleur ; si le test échoue toujours, le fabricant doit remplacer l’appareil.',
      ],
      'es-ES': [
        'Fallo del autotest del relé de red',
        'Comprobar que el cableado de CA, sobre todo el neutro, es correcto y está apretado. Reiniciar el inversor; si el test sigue fallando, el fabricante debe sustituir el equipo.',
      ],
      'pl-PL': [
        'Nieudany autotest przekaźnika sieciowego',
        'Sprawdź poprawność i dokręcenie okablowania AC, zwłaszcza przewodu neutralnego. Uruchom ponownie falownik; jeśli test nadal się nie udaje, producent musi wymienić urządzenie.',
      ],
    },
  },
  {
    faultCode: 'INV-DCI',
    deviceType: 'INVERTER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': ['直流分量过高', '重启逆变器；若反复出现，说明内部电流传感器可能异常，请联系厂家服务。'],
      'en-GB': [
        'DC injection too high',
        'Restart the inverter. If it keeps happening, an internal current sensor is probably faulty: contact the manufacturer’s service.',
      ],
      'de-DE': [
        'DC-Einspeisung zu hoch',
        'Wechselrichter neu starten. Tritt es wiederholt auf, ist vermutlich ein interner Stromsensor defekt: Herstellerservice kontaktieren.',
      ],
      'it-IT': [
        'Iniezione DC troppo alta',
        'Riavviare l’inverter. Se si ripete, un sensore di corrente interno è probabilmente guasto: contattare l’assistenza del produttore.',
      ],
      'nl-NL': [
        'DC-injectie te hoog',
        'Herstart de omvormer. Blijft het gebeuren, dan is waarschijnlijk een interne stroomsensor defect: neem contact op met de service van de fabrikant.',
      ],
      'fr-FR': [
        'Injection de courant continu trop élevée',
        'Redémarrer l’onduleur. Si cela se répète, un capteur de courant interne est probablement défectueux : contacter le service du fabricant.',
      ],
      'es-ES': [
        'Inyección de CC demasiado alta',
        'Reiniciar el inversor. Si se repite, probablemente un sensor de corriente interno está averiado: contactar con el servicio del fabricante.',
      ],
      'pl-PL': [
        'Zbyt duża składowa stała prądu',
        'Uruchom ponownie falownik. Jeśli błąd się powtarza, prawdopodobnie uszkodzony jest wewnętrzny czujnik prądu: skontaktuj się z serwisem producenta.',
      ],
    },
  },
  {
    faultCode: 'INV-BUS-OV',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': ['直流母线过压', '检查组串开路电压和电网电压是否在范围内；重启逆变器，若反复出现请联系厂家。'],
      'en-GB': [
        'DC bus over-voltage',
        'Check that string open-circuit voltages and grid voltage are within range. Restart the inverter and contact the manufacturer if it recurs.',
      ],
      'de-DE': [
        'Überspannung Zwischenkreis',
        'Prüfen, ob Leerlaufspannungen der Strings und Netzspannung im zulässigen Bereich liegen. Wechselrichter neu starten, bei Wiederholung den Hersteller kontaktieren.',
      ],
      'it-IT': [
        'Sovratensione bus DC',
        'Verificare che le tensioni a vuoto delle stringhe e la tensione di rete siano nei limiti. Riavviare l’inverter e contattare il produttore se si ripete.',
      ],
      'nl-NL': [
        'Overspanning DC-tussenkring',
        'Controleer of de nullastspanningen van de strings en de netspanning binnen bereik liggen. Herstart de omvormer en neem bij herhaling contact op met de fabrikant.',
      ],
      'fr-FR': [
        'Surtension du bus DC',
        'Vérifier que les tensions à vide des chaînes et la tension réseau sont dans la plage admise. Redémarrer l’onduleur et contacter le fabricant si cela se répète.',
      ],
      'es-ES': [
        'Sobretensión del bus de CC',
        'Comprobar que las tensiones en circuito abierto de los strings y la tensión de red están dentro del rango. Reiniciar el inversor y contactar con el fabricante si se repite.',
      ],
      'pl-PL': [
        'Przepięcie szyny DC',
        'Sprawdź, czy napięcia jałowe łańcuchów i napięcie sieci mieszczą się w zakresie. Uruchom ponownie falownik, a przy powtórzeniu skontaktuj się z producentem.',
      ],
    },
  },
  {
    faultCode: 'INV-PV-LOW',
    deviceType: 'INVERTER',
    alarmLevel: 'INFO',
    t: {
      'zh-CN': [
        '光伏输入电压低',
        '清晨、傍晚或阴天属正常现象；白天晴天仍出现时，检查组串是否断路、熔丝是否熔断、组件是否被遮挡。',
      ],
      'en-GB': [
        'PV input voltage low',
        'Normal at dawn, dusk or under heavy cloud. If it shows on a sunny day, check for an open string, a blown fuse or shaded modules.',
      ],
      'de-DE': [
        'PV-Eingangsspannung niedrig',
        'Morgens, abends oder bei starker Bewölkung normal. Tritt es bei Sonne auf, auf unterbrochenen String, defekte Sicherung oder verschattete Module prüfen.',
      ],
      'it-IT': [
        'Tensione di ingresso FV bassa',
        'Normale all’alba, al tramonto o con cielo molto nuvoloso. Se compare con il sole, verificare stringhe interrotte, fusibili bruciati o moduli ombreggiati.',
      ],
      'nl-NL': [
        'PV-ingangsspanning laag',
        'Normaal bij zonsopgang, zonsondergang of zware bewolking. Verschijnt het bij zon, controleer dan op een onderbroken string, een doorgebrande zekering of beschaduwde panelen.',
      ],
      'fr-FR': [
        'Tension d’entrée PV basse',
        'Normal à l’aube, au crépuscule ou par ciel très couvert. Si cela apparaît par beau temps, chercher une chaîne ouverte, un fusible fondu ou des modules ombragés.',
      ],
      'es-ES': [
        'Tensión de entrada FV baja',
        'Normal al amanecer, al atardecer o con mucha nubosidad. Si aparece con sol, buscar un string abierto, un fusible fundido o módulos sombreados.',
      ],
      'pl-PL': [
        'Niskie napięcie wejściowe PV',
        'Normalne o świcie, o zmierzchu lub przy dużym zachmurzeniu. Jeśli pojawia się w słoneczny dzień, szukaj przerwanego łańcucha, przepalonego bezpiecznika lub zacienionych modułów.',
      ],
    },
  },
  {
    faultCode: 'INV-NO-PROD',
    deviceType: 'INVERTER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '白天无发电',
        '太阳已升起但逆变器持续无光伏功率。检查直流开关是否闭合、组串接线和熔丝、组件是否被积雪或遮挡覆盖，以及逆变器是否因电网参数停机。',
      ],
      'en-GB': [
        'No production in daylight',
        'The sun is up but the inverter has produced nothing for a while. Check that the DC isolator is on, the string wiring and fuses, whether snow or shade covers the modules, and whether the inverter stopped on a grid fault.',
      ],
      'de-DE': [
        'Keine Erzeugung bei Tageslicht',
        'Die Sonne steht am Himmel, doch der Wechselrichter erzeugt seit einiger Zeit nichts. DC-Trennschalter, String-Verkabelung und Sicherungen prüfen, auf Schnee oder Verschattung der Module achten und prüfen, ob der Wechselrichter wegen eines Netzfehlers abgeschaltet hat.',
      ],
      'it-IT': [
        'Nessuna produzione con luce diurna',
        'Il sole è alto ma l’inverter non produce da tempo. Verificare che il sezionatore CC sia chiuso, cablaggio e fusibili delle stringhe, neve o ombre sui moduli e se l’inverter si è fermato per un guasto di rete.',
      ],
      'nl-NL': [
        'Geen opwekking bij daglicht',
        'De zon staat op, maar de omvormer levert al een tijd niets. Controleer of de DC-scheider aan staat, de stringbedrading en zekeringen, of sneeuw of schaduw de panelen bedekt en of de omvormer door een netfout is gestopt.',
      ],
      'fr-FR': [
        'Aucune production en plein jour',
        'Le soleil est levé mais l’onduleur ne produit plus depuis un moment. Vérifier que le sectionneur CC est fermé, le câblage et les fusibles des chaînes, la neige ou l’ombre sur les modules, et si l’onduleur s’est arrêté sur un défaut réseau.',
      ],
      'es-ES': [
        'Sin producción con luz diurna',
        'El sol está alto pero el inversor lleva un tiempo sin producir. Comprobar que el seccionador de CC está cerrado, el cableado y los fusibles de los strings, si hay nieve o sombra sobre los módulos y si el inversor se detuvo por un fallo de red.',
      ],
      'pl-PL': [
        'Brak produkcji przy świetle dziennym',
        'Słońce jest nad horyzontem, ale falownik od pewnego czasu nic nie produkuje. Sprawdź rozłącznik DC, okablowanie i bezpieczniki łańcuchów, czy moduły nie są pokryte śniegiem lub zacienione oraz czy falownik nie zatrzymał się z powodu błędu sieci.',
      ],
    },
  },
  {
    faultCode: 'INV-UNDERPERF',
    deviceType: 'INVERTER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '发电量低于周边电站',
        '连续三个晴天，本电站的发电量（按组件朝向与倾角折算）明显低于 50 公里内的周边电站。检查组件是否脏污、积雪或有新的遮挡，组串是否断开或熔丝熔断，以及逆变器是否限功率或 MPPT 故障。若一直如此，请核对电站登记的容量、倾角和朝向。',
      ],
      'en-GB': [
        'Under-performing against nearby plants',
        'On three sunny days the plant yielded clearly less than the plants within 50 km, allowing for its orientation and tilt. Check for soiling, snow or new shade on the modules, an open string or blown fuse, and whether the inverter is derating or an MPPT input has failed. If it was always so, check the plant’s capacity, tilt and orientation on record.',
      ],
      'de-DE': [
        'Minderertrag gegenüber Anlagen in der Nähe',
        'An drei sonnigen Tagen hat die Anlage deutlich weniger erzeugt als die Anlagen im Umkreis von 50 km, Ausrichtung und Neigung eingerechnet. Module auf Verschmutzung, Schnee oder neue Verschattung prüfen, nach einem offenen String oder einer ausgelösten Sicherung suchen und prüfen, ob der Wechselrichter abregelt oder ein MPPT-Eingang ausgefallen ist. War es schon immer so, die hinterlegte Leistung, Neigung und Ausrichtung der Anlage prüfen.',
      ],
      'it-IT': [
        'Resa inferiore agli impianti vicini',
        'In tre giorni di sole l’impianto ha prodotto nettamente meno degli impianti entro 50 km, tenuto conto di orientamento e inclinazione. Verificare sporco, neve o nuove ombre sui moduli, una stringa aperta o un fusibile bruciato, e se l’inverter limita la potenza o un ingresso MPPT è guasto. Se è sempre stato così, verificare potenza, inclinazione e orientamento registrati dell’impianto.',
      ],
      'nl-NL': [
        'Minder opbrengst dan installaties in de buurt',
        'Op drie zonnige dagen leverde de installatie duidelijk minder dan de installaties binnen 50 km, rekening houdend met oriëntatie en hellingshoek. Controleer de panelen op vuil, sneeuw of nieuwe schaduw, zoek naar een onderbroken string of doorgebrande zekering en kijk of de omvormer terugregelt of een MPPT-ingang is uitgevallen. Was het altijd al zo, controleer dan het vastgelegde vermogen, de hellingshoek en de oriëntatie.',
      ],
      'fr-FR': [
        'Production inférieure aux installations voisines',
        'Sur trois journées ensoleillées, l’installation a nettement moins produit que les installations situées à moins de 50 km, orientation et inclinaison prises en compte. Vérifier l’encrassement, la neige ou une nouvelle ombre sur les modules, une chaîne ouverte ou un fusible fondu, et si l’onduleur bride sa puissance ou si une entrée MPPT est défaillante. Si cela a toujours été le cas, vérifier la puissance, l’inclinaison et l’orientation enregistrées.',
      ],
      'es-ES': [
        'Rendimiento inferior al de las plantas cercanas',
        'En tres días soleados la planta produjo claramente menos que las plantas situadas a menos de 50 km, teniendo en cuenta su orientación e inclinación. Comprobar suciedad, nieve o nuevas sombras sobre los módulos, un string abierto o un fusible fundido, y si el inversor limita la potencia o falla una entrada MPPT. Si siempre ha sido así, comprobar la potencia, la inclinación y la orientación registradas de la planta.',
      ],
      'pl-PL': [
        'Niższa wydajność niż pobliskie instalacje',
        'W trzy słoneczne dni instalacja wyprodukowała wyraźnie mniej niż instalacje w promieniu 50 km, z uwzględnieniem orientacji i nachylenia. Sprawdź zabrudzenie, śnieg lub nowe zacienienie modułów, przerwany łańcuch lub przepalony bezpiecznik oraz czy falownik nie ogranicza mocy lub nie uszkodziło się wejście MPPT. Jeśli tak było zawsze, sprawdź zapisaną moc, nachylenie i orientację instalacji.',
      ],
    },
  },
  {
    faultCode: 'INV-FW-MISMATCH',
    deviceType: 'INVERTER',
    alarmLevel: 'GENERAL',
    t: {
      'zh-CN': [
        '固件版本不匹配',
        '主控与通信板固件版本不一致；在固件升级页面将逆变器升级到厂家发布的最新配套版本。',
      ],
      'en-GB': [
        'Firmware version mismatch',
        'The control and communication boards run different firmware. Upgrade the inverter to the manufacturer’s latest matching release on the firmware upgrade page.',
      ],
      'de-DE': [
        'Firmware-Versionen passen nicht zusammen',
        'Steuer- und Kommunikationsplatine haben unterschiedliche Firmware. Den Wechselrichter auf der Seite Firmware-Upgrade auf die neueste passende Herstellerversion aktualisieren.',
      ],
      'it-IT': [
        'Versioni firmware non corrispondenti',
        'La scheda di controllo e quella di comunicazione hanno firmware diversi. Aggiornare l’inverter all’ultima versione compatibile del produttore dalla pagina di aggiornamento firmware.',
      ],
      'nl-NL': [
        'Firmwareversies komen niet overeen',
        'Besturings- en communicatiekaart draaien verschillende firmware. Werk de omvormer via de pagina firmware-upgrade bij naar de nieuwste bijpassende versie van de fabrikant.',
      ],
      'fr-FR': [
        'Versions de micrologiciel incohérentes',
        'Les cartes de commande et de communication ont des micrologiciels différents. Mettre l’onduleur à jour vers la dernière version compatible du fabricant depuis la page de mise à jour.',
      ],
      'es-ES': [
        'Versiones de firmware no coinciden',
        'Las placas de control y de comunicación tienen firmware distinto. Actualizar el inversor a la última versión compatible del fabricante en la página de actualización de firmware.',
      ],
      'pl-PL': [
        'Niezgodne wersje oprogramowania',
        'Płyta sterująca i komunikacyjna mają różne oprogramowanie. Zaktualizuj falownik do najnowszej zgodnej wersji producenta na stronie aktualizacji oprogramowania.',
      ],
    },
  },
  {
    faultCode: 'INV-COMM-LOST',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '逆变器通信中断（无数据）',
        '确认逆变器是否有电（夜间无光伏的机型会休眠）；检查数据采集器与逆变器之间的 RS485 接线和通信地址。',
      ],
      'en-GB': [
        'Inverter communication lost (no data)',
        'Check that the inverter is powered (some models sleep at night). Check the RS485 wiring and the communication address between the dongle and the inverter.',
      ],
      'de-DE': [
        'Kommunikation mit Wechselrichter verloren (keine Daten)',
        'Prüfen, ob der Wechselrichter Spannung hat (manche Modelle schlafen nachts). RS485-Verdrahtung und Kommunikationsadresse zwischen Dongle und Wechselrichter prüfen.',
      ],
      'it-IT': [
        'Comunicazione con l’inverter persa (nessun dato)',
        'Verificare che l’inverter sia alimentato (alcuni modelli dormono di notte). Controllare il cablaggio RS485 e l’indirizzo di comunicazione tra dongle e inverter.',
      ],
      'nl-NL': [
        'Communicatie met omvormer verloren (geen data)',
        'Controleer of de omvormer spanning heeft (sommige modellen slapen ’s nachts). Controleer de RS485-bedrading en het communicatieadres tussen dongle en omvormer.',
      ],
      'fr-FR': [
        'Communication avec l’onduleur perdue (aucune donnée)',
        'Vérifier que l’onduleur est alimenté (certains modèles dorment la nuit). Contrôler le câblage RS485 et l’adresse de communication entre le dongle et l’onduleur.',
      ],
      'es-ES': [
        'Comunicación con el inversor perdida (sin datos)',
        'Comprobar que el inversor tiene alimentación (algunos modelos duermen por la noche). Revisar el cableado RS485 y la dirección de comunicación entre el dongle y el inversor.',
      ],
      'pl-PL': [
        'Utracona komunikacja z falownikiem (brak danych)',
        'Sprawdź, czy falownik jest zasilany (niektóre modele usypiają w nocy). Sprawdź okablowanie RS485 i adres komunikacyjny między donglem a falownikiem.',
      ],
    },
  },
  // Battery
];
